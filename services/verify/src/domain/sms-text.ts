import { CODE_PLACEHOLDER } from './settings.js';

// The verification SMS. How many segments it is and what it costs is the SMS service's rule
// (Sms.Quote); verify only renders the text.

/** The verification SMS: the configured text with every `{code}` replaced by the code. */
export function renderSmsText(template: string, code: string): string {
  return template.replaceAll(CODE_PLACEHOLDER, code);
}

/** The same text as it may be shown (API, events, webhooks): the code replaced by `*`s. */
export function maskedSmsText(template: string, codeLength: number): string {
  return template.replaceAll(CODE_PLACEHOLDER, '*'.repeat(codeLength));
}
