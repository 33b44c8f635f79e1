export { DEFAULT_BASE_URL, OtpClient, type CallOptions, type OtpClientOptions } from './client.js';
export { OtpApiError, OtpNetworkError, OtpWebhookError } from './errors.js';
export { DEFAULT_RETRY, isRetryable, retryDelayMs, type RetryPolicy } from './retry.js';
export type * from './types.js';
export { verifyWebhook } from './webhooks.js';
export type { components, operations, paths, webhooks } from './generated/public.js';
