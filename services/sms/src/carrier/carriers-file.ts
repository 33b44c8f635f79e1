import { readFileSync } from 'node:fs';
import { CARRIER_NAME_PATTERN } from '@otp/platform';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { formatsAgree, type CarrierIdFormats } from '../domain/receipts.js';
import { parseCostMicros, type Route } from '../domain/routes.js';
import type { AsciiCoding } from '../domain/wire-text.js';
import type { BindType } from './smpp-bind.js';

// The carriers file (SMS_CARRIERS_FILE, JSON or YAML): every carrier's SMPP endpoint, credentials,
// binds and limits, and the routes from destination to carriers with their cost. docs/sms.md "Carriers
// file" shows an example. Without a file, one carrier from the SMPP_* variables takes everything.

export interface CarrierDefinition {
  name: string;
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  binds: number;
  bindType: BindType;
  window: number;
  tps: number;
  dataCoding: AsciiCoding;
  idFormats: CarrierIdFormats;
  enquireLinkMs: number;
  reconnectMs: number;
  submitTimeoutMs: number;
}

export interface CarriersPlan {
  carriers: CarrierDefinition[];
  routes: Route[];
}

const cost = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const micros = parseCostMicros(value);
  if (micros === undefined) {
    ctx.addIssue({ code: 'custom', message: 'a dollar amount with up to 6 decimals, e.g. "0.0042"' });
    return z.NEVER;
  }
  return micros;
});

const idFormat = z.enum(['hex', 'decimal', 'opaque'], {
  error: 'hex, decimal or opaque: how the carrier writes its message ids',
});

const carrier = z
  .object({
    name: z.string().regex(CARRIER_NAME_PATTERN, 'letters, digits, - and _, at most 40'),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
    system_id: z.string().min(1).max(15),
    password: z.string().max(8),
    system_type: z.string().max(12).default(''),
    binds: z.number().int().min(1).max(32).default(1),
    bind_type: z
      .enum(['transceiver', 'transmitter_receiver'], {
        error: 'transceiver (one session a bind) or transmitter_receiver (a pair a bind)',
      })
      .default('transceiver'),
    window: z.number().int().min(1).max(1000).default(10),
    tps: z.number().int().min(1).max(100000).default(100),
    data_coding: z
      .union([z.literal(0), z.literal(1), z.literal(3)], {
        error: 'data_coding of ASCII text: 0 (GSM 03.38), 1 (IA5) or 3 (Latin-1); other text always goes as 8',
      })
      .default(0),
    id_format: idFormat.default('opaque'),
    receipt_text_id_format: idFormat.optional(),
    enquire_link_ms: z.number().int().positive().default(30000),
    reconnect_ms: z.number().int().positive().default(1000),
    submit_timeout_ms: z.number().int().positive().default(10000),
  })
  .strict()
  .refine((c) => formatsAgree({ submit: c.id_format, receiptText: c.receipt_text_id_format ?? c.id_format }), {
    path: ['receipt_text_id_format'],
    message: 'numbers (hex, decimal) or opaque text on both sides',
  });

const route = z
  .object({
    prefix: z
      .string()
      .regex(/^\+?\d{1,15}$/, 'digits of the E.164 number, e.g. "4477"')
      .transform((p) => p.replace(/^\+/, ''))
      .optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'ISO 3166 alpha-2, e.g. "GB"')
      .transform((c) => c.toUpperCase())
      .optional(),
    carriers: z.array(z.object({ carrier: z.string(), cost: cost.default(0) }).strict()).min(1),
  })
  .strict()
  .refine((r) => !(r.prefix && r.country), 'a route has a prefix or a country, not both');

const file = z
  .object({ carriers: z.array(carrier).min(1), routes: z.array(route).min(1) })
  .strict()
  .superRefine((value, ctx) => {
    const names = new Set<string>();
    value.carriers.forEach((c, i) => {
      if (names.has(c.name)) ctx.addIssue({ code: 'custom', path: ['carriers', i, 'name'], message: 'used twice' });
      names.add(c.name);
    });
    value.routes.forEach((r, i) =>
      r.carriers.forEach((entry, j) => {
        if (!names.has(entry.carrier)) {
          ctx.addIssue({ code: 'custom', path: ['routes', i, 'carriers', j, 'carrier'], message: 'no such carrier' });
        }
      }),
    );
  });

/** Reads and checks a carriers file; the error names the file and every bad field. */
export function readCarriersFile(path: string): CarriersPlan {
  const text = readFileSync(path, 'utf8');
  const raw: unknown = /\.json$/i.test(path) ? JSON.parse(text) : parseYaml(text);
  const parsed = file.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`carriers file ${path}: ${problems}`);
  }
  return {
    carriers: parsed.data.carriers.map((c) => ({
      name: c.name,
      host: c.host,
      port: c.port,
      systemId: c.system_id,
      password: c.password,
      systemType: c.system_type,
      binds: c.binds,
      bindType: c.bind_type,
      window: c.window,
      tps: c.tps,
      dataCoding: c.data_coding,
      idFormats: { submit: c.id_format, receiptText: c.receipt_text_id_format ?? c.id_format },
      enquireLinkMs: c.enquire_link_ms,
      reconnectMs: c.reconnect_ms,
      submitTimeoutMs: c.submit_timeout_ms,
    })),
    routes: parsed.data.routes.map((r) => ({
      prefix: r.prefix,
      country: r.country,
      carriers: r.carriers.map((entry) => ({ carrier: entry.carrier, costMicros: entry.cost })),
    })),
  };
}

/** No carriers file: the one carrier of the SMPP_* variables (the sandbox in a local run) for every destination. */
export function singleCarrierPlan(definition: CarrierDefinition): CarriersPlan {
  if (!formatsAgree(definition.idFormats)) {
    throw new Error('SMPP_RECEIPT_TEXT_ID_FORMAT: numbers (hex, decimal) or opaque text, as SMPP_ID_FORMAT');
  }
  return { carriers: [definition], routes: [{ carriers: [{ carrier: definition.name, costMicros: 0 }] }] };
}
