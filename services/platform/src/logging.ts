import { trace } from '@opentelemetry/api';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { currentRequestContext } from './request-context.js';

export type { Logger };

// Secrets that must never reach a log line, wherever they appear in a logged object.
const REDACT_PATHS = [
  'code',
  '*.code',
  'key',
  '*.key',
  'api_key',
  '*.api_key',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'password',
  '*.password',
];

/** JSON logs carrying `service`, the active `trace_id`/`span_id` and the `request_id`. */
export function createLogger(service: string, level: LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const fields: Record<string, string> = {};
      const span = trace.getActiveSpan()?.spanContext();
      if (span && span.traceId !== '00000000000000000000000000000000') {
        fields.trace_id = span.traceId;
        fields.span_id = span.spanId;
      }
      const context = currentRequestContext();
      if (context?.requestId) fields.request_id = context.requestId;
      return fields;
    },
  });
}
