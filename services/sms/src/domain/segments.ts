// How a body is cut into SMS segments: the one rule both billing (sms_segments, cost) and the
// carrier hand-off (concatenated parts) use, so what is charged is exactly what is sent.
//
// "Plain" text is every character of printable ASCII (U+0020-U+007E) that sits in the GSM 03.38
// basic table, plus line feed and carriage return. That excludes the backtick (not in GSM 03.38
// at all) and [ ] { } \ ^ ~ | (GSM extension characters, which take two septets each). Plain text
// goes as GSM 7-bit: 160 characters in a single message, 153 per part when longer (7 septets go
// to the concatenation header). Any other character (é, €, ß, an emoji, a backtick, a bracket)
// sends the whole message as UCS-2: 70 in a single message, 67 per part, counted in UTF-16 code
// units, which is what a carrier bills (an emoji outside the BMP is a surrogate pair: 2 units).
// A part never ends inside a surrogate pair: a part would then be invalid UTF-16 on its own (some
// SMSCs and handsets decode each part alone and reject it), so such a part holds 66 units and
// the pair opens the next one. The count of parts is the billed count, whatever the cuts.

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SegmentPlan {
  encoding: SmsEncoding;
  /** The parts handed to the carrier, in order; their number is the billed segment count. */
  parts: string[];
}

const PLAIN = /^[\n\r !"#$%&'()*+,\-./0-9:;<=>?@A-Z_a-z]*$/;

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};

export function planSegments(body: string): SegmentPlan {
  const encoding: SmsEncoding = PLAIN.test(body) ? 'gsm7' : 'ucs2';
  const { single, part } = LIMITS[encoding];
  // String length is in UTF-16 code units, and plain characters are one unit each.
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
