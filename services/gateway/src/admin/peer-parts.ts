import { verifySettingsView } from './routes/verify.js';
import type { GatewayDeps } from '../deps.js';

// The parts of an admin project view that other services own. Each is fetched on its own and
// shown as null when its service does not answer, so one service down never hides the project.
const PART_DEADLINE_MS = 2000;

async function optional<T>(deps: Pick<GatewayDeps, 'logger'>, part: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    deps.logger.warn({ part, err: error }, 'project part unavailable');
    return null;
  }
}

export async function peerParts(deps: Pick<GatewayDeps, 'peers' | 'logger'>, projectId: string) {
  const { peers } = deps;
  const request = { project_id: projectId };
  const options = { deadlineMs: PART_DEADLINE_MS };
  const [verify, messenger, sms, senderIds, secrets, fraud] = await Promise.all([
    optional(deps, 'settings.verify', async () => verifySettingsView(await peers.verify.GetSettings(request, options))),
    optional(deps, 'settings.messenger', async () => {
      const s = await peers.messenger.GetSettings(request, options);
      return {
        enabled: s.enabled,
        code_length: s.code_length,
        ttl_seconds: s.ttl_seconds,
        callback_url: s.callback_url ?? null,
      };
    }),
    optional(deps, 'settings.sms', async () => {
      const s = await peers.sms.GetSettings(request, options);
      return {
        enabled: s.enabled,
        default_sender_id: s.default_sender_id ?? null,
        callback_url: s.callback_url ?? null,
      };
    }),
    optional(deps, 'sender_ids', async () => {
      const list = await peers.sms.ListSenderIds(request, options);
      return list.sender_ids.map((s) => ({
        value: s.value,
        status: s.status,
        site: s.site,
        created_at: s.created_at,
        rejection_reason: s.rejection_reason ?? null,
      }));
    }),
    optional(deps, 'webhook_secrets', async () => {
      const list = await peers.webhooks.GetSecrets(request, options);
      return list.secrets.map((s) => ({
        secret: s.secret,
        created_at: s.created_at,
        expires_at: s.expires_at ?? null,
      }));
    }),
    optional(
      deps,
      'settings.fraud',
      async () =>
        JSON.parse((await peers.guard.GetSettings(request, options)).settings_json) as Record<string, unknown>,
    ),
  ]);
  return { settings: { verify, messenger, sms, fraud }, sender_ids: senderIds, webhook_secrets: secrets };
}
