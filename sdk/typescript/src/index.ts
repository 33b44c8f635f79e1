export {
  DEFAULT_BASE_URL,
  OtpClient,
  type Answer,
  type CallOptions,
  type OtpClientOptions,
  type ResponseInfo,
} from './client.js';
export { OtpApiError, OtpNetworkError, OtpWebhookError, type OtpApiErrorDetails } from './errors.js';
export { DEFAULT_RETRY, isRetryable, retryDelayMs, type RetryPolicy } from './retry.js';
export type * from './types.js';
export { verifyWebhook } from './webhooks.js';
export type { components, operations, paths, webhooks } from './generated/public.js';
