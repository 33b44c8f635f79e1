// Verify's sends carry the verification sid in their metadata. The channel services echo it in
// their status events, so the consumer can tell a report about one of verify's sends that it
// cannot place yet (the attempt row commits a moment after the send) from a direct send's report,
// and find the copy of the verification it last wrote (a report names an attempt it must show).

export const VERIFICATION_SID_KEY = 'verification_sid';

export function sendMetadata(verificationSid: string): string {
  return JSON.stringify({ [VERIFICATION_SID_KEY]: verificationSid });
}
