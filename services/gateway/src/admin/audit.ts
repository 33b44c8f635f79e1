import type { Logger } from '@otp/platform';

/**
 * One log line per admin write: who changed what. Callers pass identifiers and non-secret values
 * only; API keys and tokens never go in `details`.
 */
export function audit(
  logger: Logger,
  action: string,
  details: Record<string, string | number | boolean | string[] | undefined>,
): void {
  logger.info({ audit: true, action, ...details }, 'admin write');
}
