// Example values of the documents, in the exact forms the platform prints (ids from
// @otp/platform's newSid, project ids `prj_` + 24 hex, keys `otp_live_` + 48 hex). Request
// examples must be ones the API accepts: test/e2e/openapi-examples.test.ts sends each of them.

/** A GB mobile number in a priced range (Vodafone UK, 447700) that libphonenumber accepts. */
export const EXAMPLE_PHONE = '+447700123456';
export const EXAMPLE_PROJECT_ID = 'prj_5f0c6a1e9b7d4c3a2e1f0a9b';
export const EXAMPLE_METADATA = { order: 'A-17', attempt: 1 };
/** The sender ID the local run's demo project has approved (scripts/local-run.mjs). */
export const EXAMPLE_SENDER_ID = 'OTPDemo';

const created = '2026-11-21T10:15:00.000Z';

export const exampleVerification = {
  sid: 'VE3b8f2c1d9e0a4f5b6c7d8e9f',
  status: 'pending',
  to: EXAMPLE_PHONE,
  channel: 'messenger',
  fallback_reason: null,
  attempts: [
    { channel: 'messenger', sid: 'TG9a8b7c6d5e4f3a2b1c0d9e8f', status: 'sent', cost: '0.02', date_created: created },
  ],
  checks_left: 5,
  fee: '0.02',
  cost: '0.04',
  date_created: created,
  expires_at: '2026-11-21T10:25:00.000Z',
  approved_at: null,
  metadata: EXAMPLE_METADATA,
};

export const exampleSms = {
  sid: 'SM0f1e2d3c4b5a69788796a5b4',
  status: 'queued',
  to: EXAMPLE_PHONE,
  from: EXAMPLE_SENDER_ID,
  body: 'Your order A-17 has shipped.',
  sms_segments: 1,
  cost: '0.05',
  metadata: EXAMPLE_METADATA,
  date_created: created,
  processed_at: null,
  delivery_status: null,
  delivered_at: null,
  carrier: null,
};

export const exampleMessengerCode = {
  sid: 'TG9a8b7c6d5e4f3a2b1c0d9e8f',
  status: 'sent',
  to: EXAMPLE_PHONE,
  expires_at: '2026-11-21T10:20:00.000Z',
  cost: '0.02',
  metadata: EXAMPLE_METADATA,
  date_created: created,
  delivered_at: null,
};

export const exampleProject = {
  id: EXAMPLE_PROJECT_ID,
  name: 'My shop',
  balance: '1.00',
  currency: 'USD',
  created_at: created,
  ip_allowlist: { enabled: false, cidrs: [] },
};
