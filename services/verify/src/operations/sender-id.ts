import { DomainError, isDomainError } from '@otp/platform';
import type { SmsQuote__Output } from '@otp/proto/dist/generated/otp/sms/v1/SmsQuote.js';
import type { Peers } from '../peers.js';

/**
 * What verify's SMS would be, asked of the SMS service (Sms.Quote: sender ID check, segments,
 * price): the sender is the verify setting, else the SMS default sender ID, and must be approved
 * (spec: SENDER_ID_REQUIRED "or none approved when Verify needs one"). `from` comes back in the
 * casing it was registered with; `cost_cents` is what the send will hold.
 */
export async function quoteVerifySms(
  peers: Peers,
  request: { projectId: string; to: string; body: string; senderId: string | null },
): Promise<SmsQuote__Output> {
  try {
    return await peers.sms.Quote({
      project_id: request.projectId,
      to: request.to,
      body: request.body,
      ...(request.senderId ? { from: request.senderId } : {}),
      purpose: 'verify',
    });
  } catch (error) {
    if (isDomainError(error) && (error.code === 'SENDER_ID_REQUIRED' || error.code === 'SENDER_ID_NOT_APPROVED')) {
      throw new DomainError(
        'SENDER_ID_REQUIRED',
        request.senderId
          ? `Verify needs an approved sender ID to send SMS; ${request.senderId} is not approved`
          : 'Verify needs an approved sender ID to send SMS: set the SMS default sender ID or the verify sender_id',
      );
    }
    throw error;
  }
}

/** Checks a sender ID chosen in the verify settings (spec: "any approved sender ID"). */
export async function approvedSenderId(peers: Peers, projectId: string, value: string): Promise<string> {
  const list = await peers.sms.ListSenderIds({ project_id: projectId });
  const match = list.sender_ids.find((s) => s.status === 'approved' && s.value.toLowerCase() === value.toLowerCase());
  if (!match)
    throw new DomainError('INVALID_REQUEST_BODY', `sender_id: ${value} is not an approved sender ID of the project`);
  return match.value;
}
