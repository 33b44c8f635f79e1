import type { Logger } from '@otp/platform';
import type { AdminApi } from '../admin-api/client.js';
import type { ThrottlePolicy } from '../domain/throttle.js';
import type { AuditTrail } from '../store/audit.js';
import type { LoginAttempts } from '../store/login-attempts.js';
import type { SecondFactors } from '../store/second-factors.js';
import type { Sessions } from '../store/sessions.js';
import type { Users } from '../store/users.js';
import type { SecondFactorKeys } from '../domain/second-factor.js';

export interface ConsoleDeps {
  users: Users;
  sessions: Sessions;
  secondFactors: SecondFactors;
  secondFactorKeys: SecondFactorKeys;
  loginAttempts: LoginAttempts;
  audit: AuditTrail;
  admin: AdminApi;
  logger: Logger;
  throttle: ThrottlePolicy;
  sessionTtlMs: number;
}
