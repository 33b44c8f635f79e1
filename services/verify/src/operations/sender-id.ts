import { DomainError } from '@otp/platform';
import type { Peers } from '../peers.js';

/**
 * The sender ID verify's SMS go out from: the verify setting, else the SMS default sender ID;
 * either must be approved (spec: SENDER_ID_REQUIRED "or none approved when Verify needs one").
 * Returned in the casing it was registered with.
 */
export async function resolveSenderId(peers: Peers, projectId: string, configured: string | null): Promise<string> {
  const [list, smsSettings] = await Promise.all([
    peers.sms.ListSenderIds({ project_id: projectId }),
    configured ? undefined : peers.sms.GetSettings({ project_id: projectId }),
  ]);
  const wanted = configured ?? smsSettings?.default_sender_id;
  const approved = wanted
    ? list.sender_ids.find((s) => s.status === 'approved' && s.value.toLowerCase() === wanted.toLowerCase())
    : undefined;
  if (approved) return approved.value;
  throw new DomainError(
    'SENDER_ID_REQUIRED',
    wanted
      ? `Verify needs an approved sender ID to send SMS; ${wanted} is not approved`
      : 'Verify needs an approved sender ID to send SMS: set the SMS default sender ID or the verify sender_id',
  );
}

/** Checks a sender ID chosen in the verify settings (spec: "any approved sender ID"). */
export async function approvedSenderId(peers: Peers, projectId: string, value: string): Promise<string> {
  const list = await peers.sms.ListSenderIds({ project_id: projectId });
  const match = list.sender_ids.find((s) => s.status === 'approved' && s.value.toLowerCase() === value.toLowerCase());
  if (!match)
    throw new DomainError('INVALID_REQUEST_BODY', `sender_id: ${value} is not an approved sender ID of the project`);
  return match.value;
}
