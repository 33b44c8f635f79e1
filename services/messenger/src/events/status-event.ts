import { CALLBACK_URL_HEADER, outboxRow, SUBJECTS, type OutboxRow } from '@otp/platform';
import { publicCode, type CodeView } from '../domain/public-code.js';
import type { Purpose } from '../domain/send-request.js';

/**
 * The `messenger.<status>` event of a status change: data is the public resource (with metadata);
 * the webhook target rides in the row's headers so the dispatcher never reads our schema. Only
 * the codes verify sent go to the subject verify listens on (SUBJECTS).
 */
export function statusEvent(code: CodeView & { purpose: Purpose }, callbackUrl: string | null, now: Date): OutboxRow {
  const subject = code.purpose === 'verify' ? SUBJECTS.messengerStatus : SUBJECTS.messengerDirectStatus;
  const row = outboxRow(subject, `messenger.${code.status}`, code.projectId, publicCode(code), now);
  if (callbackUrl) row.headers[CALLBACK_URL_HEADER] = callbackUrl;
  return row;
}
