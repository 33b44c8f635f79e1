import { messengerCodeResource, smsMessageResource } from '@otp/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { GatewayDeps } from '../../deps.js';
import { exampleMessengerCode, exampleSms } from '../../openapi/examples.js';
import { registerOperation } from '../../openapi/operation.js';
import { adminApi } from '../../openapi/registry.js';
import { MESSENGER_STATUSES, messengerCodeSchema, SMS_STATUSES, smsMessageSchema } from '../../public/resources.js';
import { listRequest, logListQuery, logPage, parseQuery } from '../log-query.js';
import { existingProject } from '../path-params.js';
import { projectParams } from '../resources.js';

// Read-only admin rows for the console's SMS and messenger logs: each row is the public resource
// (mapped by the same function the public API uses), plus what an operator needs to read a log.
// A verification's SMS shows its masked body; a messenger code's code is never stored by the
// messenger service, so no row can carry it.

const purpose = z
  .enum(['direct', 'verify'])
  .openapi({ description: '`direct` (sent through the public API) or `verify` (sent for a verification).' });

const smsQuery = logListQuery(SMS_STATUSES, 'SM');
const codeQuery = logListQuery(MESSENGER_STATUSES, 'TG');

const adminSmsSchema = adminApi.registry.register(
  'AdminSmsMessage',
  smsMessageSchema.extend({
    purpose,
    attempts: z.number().int().min(0).openapi({ description: 'Submits tried with the carriers so far.' }),
  }),
);

const adminCodeSchema = adminApi.registry.register(
  'AdminMessengerCode',
  messengerCodeSchema.extend({
    purpose,
    checks: z.number().int().min(0).openapi({ description: 'Code checks made against it (never the code).' }),
    verification_status: z
      .string()
      .nullable()
      .openapi({ description: 'The result of the latest code check; null before any.' }),
  }),
);

const next_before = (prefix: string) =>
  z
    .string()
    .regex(new RegExp(`^${prefix}[a-f0-9]{24}$`))
    .nullable()
    .openapi({ description: 'Pass as `before` for the next page; null on the last.' });

const smsPageSchema = adminApi.registry.register(
  'SmsMessagePage',
  z.object({
    messages: z.array(adminSmsSchema).openapi({ description: "Newest first; a verification's body masked." }),
    next_before: next_before('SM'),
  }),
);

const codePageSchema = adminApi.registry.register(
  'MessengerCodePage',
  z.object({
    codes: z.array(adminCodeSchema).openapi({ description: 'Newest first; never the code.' }),
    next_before: next_before('TG'),
  }),
);

registerOperation(adminApi, {
  operationId: 'listAdminSmsMessages',
  method: 'get',
  path: '/projects/{id}/sms',
  tag: 'Logs',
  summary: "A project's SMS messages, newest first",
  description:
    "As the public API shows them, with the purpose and the submit attempts; a verification's body is masked.",
  params: projectParams,
  query: smsQuery,
  success: {
    status: 200,
    description: 'One page',
    schema: smsPageSchema,
    example: { messages: [{ ...exampleSms, purpose: 'direct', attempts: 0 }], next_before: null },
  },
  errors: ['PROJECT_NOT_FOUND', 'INVALID_REQUEST_BODY'],
});

registerOperation(adminApi, {
  operationId: 'listAdminMessengerCodes',
  method: 'get',
  path: '/projects/{id}/messenger-codes',
  tag: 'Logs',
  summary: "A project's messenger codes, newest first",
  description: 'As the public API shows them, with the purpose and the checks made; the code itself never.',
  params: projectParams,
  query: codeQuery,
  success: {
    status: 200,
    description: 'One page',
    schema: codePageSchema,
    example: {
      codes: [{ ...exampleMessengerCode, purpose: 'verify', checks: 0, verification_status: null }],
      next_before: null,
    },
  },
  errors: ['PROJECT_NOT_FOUND', 'INVALID_REQUEST_BODY'],
});

export function messageLogRoutes(deps: GatewayDeps): Router {
  const router = Router();

  router.get('/projects/:id/sms', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const query = parseQuery(smsQuery, req.query);
    const page = await deps.peers.sms.ListMessages(listRequest(projectId, query));
    const messages = page.messages.map((m) => ({ ...smsMessageResource(m), purpose: m.purpose, attempts: m.attempts }));
    res.json(logPage('messages', messages, query.limit));
  });

  router.get('/projects/:id/messenger-codes', async (req, res) => {
    const projectId = await existingProject(deps, req.params.id);
    const query = parseQuery(codeQuery, req.query);
    const page = await deps.peers.messenger.List(listRequest(projectId, query));
    const codes = page.codes.map((c) => ({
      ...messengerCodeResource(c),
      purpose: c.purpose,
      checks: c.checks ?? 0,
      verification_status: c.verification_status || null,
    }));
    res.json(logPage('codes', codes, query.limit));
  });

  return router;
}
