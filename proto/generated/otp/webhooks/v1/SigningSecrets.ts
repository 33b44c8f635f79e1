// Original file: webhooks.proto

import type { SigningSecret as _otp_webhooks_v1_SigningSecret, SigningSecret__Output as _otp_webhooks_v1_SigningSecret__Output } from '../../../otp/webhooks/v1/SigningSecret';

export interface SigningSecrets {
  'secrets'?: (_otp_webhooks_v1_SigningSecret)[];
}

export interface SigningSecrets__Output {
  'secrets': (_otp_webhooks_v1_SigningSecret__Output)[];
}
