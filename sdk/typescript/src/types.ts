import type { components, operations } from './generated/public.js';

// Names for the generated types (src/generated/public.ts, from docs/openapi/public.json).

type Schemas = components['schemas'];

export type Verification = Schemas['Verification'];
export type VerificationCheck = Schemas['VerificationCheck'];
export type Attempt = Schemas['Attempt'];
export type SmsMessage = Schemas['SmsMessage'];
export type MessengerCode = Schemas['MessengerCode'];
export type MessengerCodeCheck = Schemas['MessengerCodeCheck'];
export type Project = Schemas['Project'];
export type Metadata = Schemas['Metadata'];
/** Every `error.code` the API documents; branch on it. */
export type ErrorCode = Schemas['Error']['error']['code'];

/** The JSON body an operation takes, e.g. RequestBody<'startVerification'>. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The success answer of an operation (its 200 or 201 JSON body). */
export type SuccessBody<Op extends keyof operations> = operations[Op]['responses'] extends infer R
  ? R extends { 200: { content: { 'application/json': infer Body } } }
    ? Body
    : R extends { 201: { content: { 'application/json': infer Body } } }
      ? Body
      : never
  : never;

type EventSchemaName = Extract<keyof Schemas, `${string}Event`>;
/** A webhook body: one of the event types of the document's `webhooks` section. */
export type WebhookEvent = Schemas[EventSchemaName];
export type WebhookEventType = WebhookEvent['type'];
