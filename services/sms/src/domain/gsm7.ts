// GSM 03.38 for the text the segment rule calls ASCII (printable ASCII, line feed, carriage return):
// what it takes in septets and its bytes for data_coding 0 (one septet per octet, unpacked, as
// SMPP carries the SMSC default alphabet). Most characters keep their ASCII code; @ $ _ sit
// elsewhere in the basic table; eight are only in the extension table and go as the escape 0x1B
// and a code, two septets; the backtick is in neither table.

const ESCAPE = 0x1b;

/** ASCII characters whose basic-table code differs from their ASCII code. */
const BASIC_ELSEWHERE: Readonly<Record<string, number>> = { '@': 0x00, $: 0x02, _: 0x11 };

/** ASCII characters of the extension table: 0x1B then this code. */
const EXTENSION: Readonly<Record<string, number>> = {
  '^': 0x14,
  '{': 0x28,
  '}': 0x29,
  '\\': 0x2f,
  '[': 0x3c,
  '~': 0x3d,
  ']': 0x3e,
  '|': 0x40,
};

/** The one printable ASCII character neither table has. */
const NOT_IN_GSM = '`';

function hasGsmCode(char: string): boolean {
  const code = char.charCodeAt(0);
  if (char === '\n' || char === '\r') return true;
  return code >= 0x20 && code <= 0x7e && char !== NOT_IN_GSM;
}

/** Septets `text` takes in GSM 7-bit; undefined when a character has no GSM code. */
export function gsm7Septets(text: string): number | undefined {
  let septets = 0;
  for (const char of text) {
    if (!hasGsmCode(char)) return undefined;
    septets += char in EXTENSION ? 2 : 1;
  }
  return septets;
}

/** The bytes of ASCII `text` in GSM 7-bit, one septet per byte (the caller checked gsm7Septets). */
export function gsm7Bytes(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const extended = EXTENSION[char];
    if (extended !== undefined) bytes.push(ESCAPE, extended);
    else bytes.push(BASIC_ELSEWHERE[char] ?? char.charCodeAt(0));
  }
  return Buffer.from(bytes);
}
