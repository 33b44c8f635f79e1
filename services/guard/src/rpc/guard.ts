import { implement, type Logger } from '@otp/platform';
import type { GuardHandlers } from '@otp/proto';
import { admitStart } from '../operations/admit.js';
import { liftBlock, listBlocks } from '../operations/blocks.js';
import type { GuardDeps } from '../operations/deps.js';
import { updateFraudSettings } from '../operations/settings.js';

const optional = (value: string | undefined) => (value ? value : undefined);

export function guardHandlers(deps: GuardDeps, logger: Logger): GuardHandlers {
  return implement<GuardHandlers>(logger, {
    async Admit(request) {
      const verdict = await admitStart(deps, {
        projectId: request.project_id,
        to: request.to,
        kind: request.kind,
        requestKey: request.request_key,
        signals: {
          ip: optional(request.signals?.ip),
          deviceId: optional(request.signals?.device_id),
          userAgent: optional(request.signals?.user_agent),
        },
      });
      return verdict.admitted
        ? { admitted: true, prefix: verdict.prefix }
        : {
            admitted: false,
            prefix: verdict.prefix,
            refusal_code: verdict.code,
            message: verdict.message,
            retry_after_seconds: verdict.retryAfterSeconds ?? 0,
          };
    },

    async Forget(request) {
      return { forgotten: await deps.starts.forget(request.project_id, request.request_key) };
    },

    async GetSettings(request) {
      return { settings_json: JSON.stringify(await deps.settings.get(request.project_id)) };
    },

    async UpdateSettings(request) {
      const settings = await updateFraudSettings(deps, request.project_id, request.patch_json);
      return { settings_json: JSON.stringify(settings) };
    },

    async ListBlocks(request) {
      return { blocks: await listBlocks(deps, request.project_id) };
    },

    async LiftBlock(request) {
      await liftBlock(deps, request.project_id, request.prefix);
      return { lifted: true };
    },
  });
}
