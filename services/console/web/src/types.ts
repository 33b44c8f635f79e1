import type { components as AdminComponents } from '../../../../sdk/typescript/src/generated/admin.js';
import type { components as PublicComponents } from '../../../../sdk/typescript/src/generated/public.js';

// Shapes of the console's JSON answers: the admin API's (docs/admin.md), whose types are generated from
// docs/openapi/admin.json and public.json into the SDK's src/generated (`npm run openapi:gen`),
// so a change of the API shows here as a type error. Only what the console adds itself (session,
// memberships, permissions) is written out below.

type AdminSchemas = AdminComponents['schemas'];
type PublicSchemas = PublicComponents['schemas'];

export type Permission =
  | 'project.read'
  | 'api_keys.write'
  | 'sender_ids.request'
  | 'settings.write'
  | 'webhooks.read'
  | 'webhooks.write'
  | 'fraud.write'
  | 'members.write'
  | 'audit.read'
  | 'credits.add'
  | 'sender_ids.review';

export interface Session {
  user: { id: string; email: string; operator: boolean };
  second_factor: { enrolled: boolean; required: boolean; recovery_codes_left: number };
  csrf_token: string;
  memberships: { project_id: string; role: string; permissions: Permission[] }[];
}

export interface ProjectSummary {
  id: string;
  name: string;
  created_at: string;
  role: string | null;
}

/** A sender ID as a project's page lists it. */
export type SenderId = AdminSchemas['SenderId'] & {
  site: string;
  created_at: string;
  rejection_reason?: string | null;
};

export type VerifySettings = AdminSchemas['VerifySettings'];
export type MessengerSettings = AdminSchemas['MessengerSettings'];
export type SmsSettings = AdminSchemas['SmsSettings'];
export type FraudSettings = AdminSchemas['FraudSettings'];

/**
 * A project as `GET /api/projects/{id}` answers: the admin API's view plus the signed-in person's
 * permissions. Its settings are written from their generated parts: the document says "this
 * schema or null" in a way the generator renders as an impossible type.
 */
export type Project = Omit<AdminSchemas['AdminProject'], 'settings' | 'sender_ids'> & {
  settings: {
    verify: VerifySettings | null;
    messenger: MessengerSettings | null;
    sms: SmsSettings | null;
    fraud?: FraudSettings | null;
  };
  sender_ids: SenderId[] | null;
  your_permissions: Permission[];
};

/** One send of a verification's code (as the public API shows it). */
export type Attempt = PublicSchemas['Attempt'];

/** A verification as the public API shows it (never the code). */
export type Verification = PublicSchemas['Verification'];

export type LedgerEntry = AdminSchemas['LedgerPage']['entries'][number];

export type DailyStat = AdminSchemas['DailyStats']['days'][number];

/** A row of the SMS log: the public SMS message plus the purpose and the carrier attempts. */
export type SmsMessage = AdminSchemas['AdminSmsMessage'];

/** A row of the messenger log: the public code message (never the code) plus purpose and checks. */
export type MessengerCode = AdminSchemas['AdminMessengerCode'];
