import { openApiDocument, type Document } from '../openapi/document.js';
import { publicApi } from '../openapi/registry.js';
// The schemas and operations register themselves on import.
import './routes/messenger.js';
import './routes/project.js';
import './routes/sms.js';
import './routes/verifications.js';
import './webhooks.js';

/** The /v1 OpenAPI document (GET /v1/openapi.json, docs/openapi/public.json, the SDK's types). */
export function publicDocument(): Document {
  return openApiDocument(publicApi, {
    title: 'Verification and Messaging API',
    description:
      'Phone verification with one-time codes (messenger with SMS fallback), transactional SMS and messenger ' +
      'codes, billed against a prepaid balance. Every request carries `Authorization: Bearer <API key>`; every ' +
      'POST accepts an `Idempotency-Key`. Errors use one envelope, `{"error": {"code", "message"}}`: branch on ' +
      '`code`. Beyond the answers listed per operation, an unknown path is 404 `NOT_FOUND` and a known path with ' +
      'another method is 405 `METHOD_NOT_ALLOWED` with an `Allow` header. Webhooks are signed with Standard ' +
      'Webhooks headers (see `webhooks`).',
    defaultBaseUrl: 'http://127.0.0.1:8080/v1',
    tags: [
      { name: 'Verifications', description: 'One-time-code verification of a phone number.' },
      { name: 'SMS', description: 'Transactional SMS from an approved sender ID.' },
      { name: 'Messenger codes', description: 'One-time codes sent to the messenger account of a number.' },
      { name: 'Project', description: 'The project that owns the API key.' },
      { name: 'Webhooks', description: 'Events POSTed to callback URLs, signed (Standard Webhooks).' },
    ],
  });
}
