import { gsm7Bytes, gsm7Septets } from './gsm7.js';
import { partLimit, type SegmentPlan } from './segments.js';

// What goes on the wire for a message: its data_coding and the bytes of each part, always as many
// parts as were billed (segments.ts). UCS-2 text goes as data_coding 8. ASCII text goes as the
// carrier says in its configuration (`data_coding`):
// - 1 (IA5) or 3 (Latin-1): one byte a character, the billed parts as they were cut;
// - 0 (the SMSC default alphabet, GSM 03.38): GSM 7-bit with escapes, the text cut again so each
//   part's septets fit (an escape takes two), when that still makes the billed number of parts.
//   Text that does not fit them (many escape characters near a limit) or that GSM cannot carry
//   (the backtick) goes as IA5 instead: the carrier never gets more parts than the customer pays for.

/** A carrier's data_coding for ASCII text: 0 GSM 03.38, 1 IA5, 3 Latin-1. */
export type AsciiCoding = 0 | 1 | 3;

const UCS2 = 8;
const IA5 = 1;

export interface WireText {
  dataCoding: number;
  /** One per billed part, in order. */
  parts: Buffer[];
}

export function wireText(plan: SegmentPlan, coding: AsciiCoding): WireText {
  if (plan.encoding === 'ucs2') return { dataCoding: UCS2, parts: plan.parts.map(utf16be) };
  if (coding === 0) {
    const cut = gsm7Parts(plan.parts.join(''), plan.parts.length);
    if (cut) return { dataCoding: 0, parts: cut.map(gsm7Bytes) };
  }
  const single = coding === 3 ? 3 : IA5;
  return { dataCoding: single, parts: plan.parts.map((part) => Buffer.from(part, single === 3 ? 'latin1' : 'ascii')) };
}

/**
 * `text` cut into `count` parts of at most 160 septets (one part) or 153 (each of more): as many
 * characters as fit in each, an escape never split from its character. Undefined when it needs
 * more parts, or a character has no GSM code.
 */
export function gsm7Parts(text: string, count: number): string[] | undefined {
  const limit = partLimit('gsm7', count);
  const parts: string[] = [];
  let start = 0;
  let septets = 0;
  for (let index = 0; index < text.length; index += 1) {
    const size = gsm7Septets(text[index]!);
    if (size === undefined) return undefined;
    if (septets + size > limit) {
      parts.push(text.slice(start, index));
      start = index;
      septets = 0;
    }
    septets += size;
  }
  parts.push(text.slice(start));
  return parts.length === count ? parts : undefined;
}

/** UTF-16 big-endian, as UCS-2 carries it (Node has only the little-endian codec). */
function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}
