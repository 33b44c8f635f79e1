import { outboxRow, SUBJECTS, type OutboxRow } from '@otp/platform';
import { publicCode, type CodeView } from '../domain/public-code.js';

/**
 * The `messenger.<status>` event of a status change: data is the public resource (with metadata);
 * the webhook target rides in the row's headers so the dispatcher never reads our schema.
 */
export function statusEvent(code: CodeView, callbackUrl: string | null, now: Date): OutboxRow {
  const row = outboxRow(SUBJECTS.messengerStatus, `messenger.${code.status}`, code.projectId, publicCode(code), now);
  if (callbackUrl) row.headers['otp-callback-url'] = callbackUrl;
  return row;
}
