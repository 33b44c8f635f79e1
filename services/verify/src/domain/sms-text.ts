import { CODE_PLACEHOLDER } from './settings.js';

/** The verification SMS: the configured text with every `{code}` replaced by the code. */
export function renderSmsText(template: string, code: string): string {
  return template.replaceAll(CODE_PLACEHOLDER, code);
}

// The spec's segment rule, used only to size the start-time hold (the SMS service counts the
// segments it bills): plain ASCII 160 in one segment, 153 per segment when longer; other text 70 and 67.
export function smsSegments(text: string): number {
  const plain = [...text].every((char) => char.charCodeAt(0) <= 0x7f);
  const length = [...text].length;
  const [single, multi] = plain ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / multi);
}
