// How a body is cut into SMS segments: the one rule billing (sms_segments, cost), quotes (Sms.Quote,
// Verify's hold) and the carrier hand-off (wire-text.ts) all use, so what is charged is exactly
// what is sent.
//
// The spec: "plain ASCII text is 160 characters in one segment and 153 per segment in longer
// messages; text containing any other character is 70 and 67". ASCII text is every printable
// ASCII character (U+0020-U+007E, the backtick and [ ] { } \ ^ ~ | included) plus line feed and
// carriage return; a 7 character concatenation header is why a part of a longer message holds
// 153. Any other character (é, €, ß, a tab, an emoji) makes the whole message UCS-2: 70 in a single
// message, 67 per part, counted in UTF-16 code units, which is what a carrier bills (an emoji
// outside the BMP is a surrogate pair: 2 units). A part never ends inside a surrogate pair: a part
// would then be invalid UTF-16 on its own (some SMSCs and handsets decode each part alone and
// reject it), so such a part holds 66 units and the pair opens the next one. The count of parts is
// the billed count, whatever the cuts.

/** gsm7: the 7-bit class of ASCII text (GSM 7-bit or IA5 on the wire, wire-text.ts); ucs2: any other text. */
export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SegmentPlan {
  encoding: SmsEncoding;
  /** The billed parts, in order; their number is the billed segment count. */
  parts: string[];
}

const ASCII_TEXT = /^[\n\r\x20-\x7e]*$/;

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};

/** Characters (code units) one part may hold: `single` for a one-part message, `part` for each of a longer one's. */
export function partLimit(encoding: SmsEncoding, parts: number): number {
  const { single, part } = LIMITS[encoding];
  return parts === 1 ? single : part;
}

export function planSegments(body: string): SegmentPlan {
  const encoding: SmsEncoding = ASCII_TEXT.test(body) ? 'gsm7' : 'ucs2';
  const { single, part } = LIMITS[encoding];
  // String length is in UTF-16 code units, and ASCII characters are one unit each.
  if (body.length <= single) return { encoding, parts: [body] };
  const parts: string[] = [];
  for (let start = 0; start < body.length;) {
    let end = Math.min(start + part, body.length);
    if (end < body.length && isHighSurrogate(body.charCodeAt(end - 1))) end -= 1;
    parts.push(body.slice(start, end));
    start = end;
  }
  return { encoding, parts };
}

/** The first unit of a surrogate pair (U+D800-U+DBFF): the character goes on in the next unit. */
function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
