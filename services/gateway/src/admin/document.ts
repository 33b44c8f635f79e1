import { openApiDocument, type Document } from '../openapi/document.js';
import { adminApi } from '../openapi/registry.js';
// The schemas and operations register themselves on import.
import './routes/api-keys.js';
import './routes/carriers.js';
import './routes/credits.js';
import './routes/fraud.js';
import './routes/ip-allowlist.js';
import './routes/ledger.js';
import './routes/message-logs.js';
import './routes/messenger.js';
import './routes/projects.js';
import './routes/sms-rates.js';
import './routes/sms.js';
import './routes/verifications.js';
import './routes/verify.js';
import './routes/webhooks.js';

/** The /admin/v1 OpenAPI document (GET /admin/v1/openapi.json, docs/openapi/admin.json). */
export function adminDocument(): Document {
  return openApiDocument(adminApi, {
    title: 'OTP platform admin API',
    description:
      'Operators, otpctl and the console manage projects, API keys, money, sender IDs, carriers, settings, ' +
      'fraud defence and webhooks, and read the logs of verifications, SMS messages and messenger codes. ' +
      'Cluster-internal (port 8081); every request carries `Authorization: Bearer <ADMIN_TOKEN>` and every ' +
      'write is audited in the logs. Errors use one envelope, `{"error": {"code", "message"}}`: branch on ' +
      '`code`. Beyond the answers listed per operation, an unknown path is 404 `NOT_FOUND` and a known path ' +
      'with another method is 405 `METHOD_NOT_ALLOWED` with an `Allow` header. This document is served at ' +
      '`GET /admin/v1/openapi.json` without the token (it holds no secret).',
    defaultBaseUrl: 'http://127.0.0.1:8081/admin/v1',
    tags: [
      { name: 'Projects', description: 'Projects and their IP allowlists.' },
      { name: 'API keys', description: 'Project API keys (otp_live_...).' },
      { name: 'Money', description: 'Top-ups, the ledger and the SMS rate card.' },
      { name: 'SMS', description: 'Sender IDs.' },
      { name: 'Carriers', description: 'The SMPP carriers the sms service sends through.' },
      { name: 'Settings', description: 'Verify, messenger and SMS channel settings.' },
      { name: 'Fraud', description: 'Fraud settings (geo permissions, velocity limits, spend cap) and prefix blocks.' },
      {
        name: 'Logs',
        description:
          "A project's verifications, SMS messages, messenger codes and daily statistics (the console's logs).",
      },
      { name: 'Webhooks', description: 'Signing secrets and deliveries.' },
    ],
  });
}
