import { useState } from 'react';
import { del, get, post, projectPath } from '../api';
import { Badge, LoadState, ReadOnlyNote, Time, useAction } from '../components';
import { DataTable } from '../table';
import { useLoad } from '../hooks';
import type { ProjectPageProps } from './props';

interface DeliveryAttempt {
  number: number;
  status: string;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

interface Delivery {
  id: string;
  event_type: string;
  url: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  recent_attempts: DeliveryAttempt[];
}

export function Webhooks({ project, can, reloadProject }: ProjectPageProps) {
  const [status, setStatus] = useState('');
  const [shown, setShown] = useState(false);
  const loaded = useLoad(
    () =>
      get<{ deliveries: Delivery[] }>(
        projectPath(project.id, `/webhook-deliveries${status ? `?status=${status}` : ''}`),
      ),
    `${project.id}:${status}`,
  );
  const action = useAction();
  const writable = can('webhooks.write');
  const rotate = () => {
    if (!window.confirm('Rotate the signing secret? The current one keeps working for a while.')) return;
    void action.run(async () => {
      await post(projectPath(project.id, '/webhook-secret'));
      reloadProject();
      return 'New signing secret created.';
    });
  };
  const revokePrevious = () => {
    if (!window.confirm('Revoke the previous signing secret now? Receivers still using it stop verifying at once.'))
      return;
    void action.run(async () => {
      await del(projectPath(project.id, '/webhook-secret/previous'));
      reloadProject();
      return 'Previous signing secret revoked: only the current one signs.';
    });
  };
  const previous = project.webhook_secrets?.some((s) => s.expires_at !== null) ?? false;
  const replay = (id: string) =>
    void action.run(async () => {
      await post(projectPath(project.id, `/webhook-deliveries/${id}/replay`));
      loaded.reload();
      return 'Delivery queued again.';
    });
  return (
    <>
      <ReadOnlyNote canWrite={writable} />
      <h3>Signing secret</h3>
      {project.webhook_secrets === null ? (
        <p>Only owners and developers can see the signing secret.</p>
      ) : project.webhook_secrets.length === 0 ? (
        <p className="empty">No signing secret yet: one is created with the first webhook.</p>
      ) : (
        <ul>
          {project.webhook_secrets.map((s) => (
            <li key={s.created_at}>
              <code>{shown ? s.secret : `${s.secret.slice(0, 8)}••••••••`}</code> created <Time value={s.created_at} />
              {s.expires_at && (
                <>
                  , expires <Time value={s.expires_at} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {project.webhook_secrets && project.webhook_secrets.length > 0 && (
        <button type="button" className="secondary outline small" onClick={() => setShown(!shown)} aria-pressed={shown}>
          {shown ? 'Hide secret' : 'Show secret'}
        </button>
      )}{' '}
      {writable && (
        <button type="button" className="small" onClick={rotate}>
          Rotate secret
        </button>
      )}{' '}
      {writable && previous && (
        <button type="button" className="small secondary" onClick={revokePrevious}>
          Revoke previous secret now
        </button>
      )}
      {action.feedback}
      <h3>Deliveries</h3>
      <label className="inline">
        Status
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">any</option>
          <option value="pending">pending</option>
          <option value="succeeded">succeeded</option>
          <option value="failed">failed</option>
        </select>
      </label>
      <LoadState loaded={loaded} empty={(d) => (d.deliveries.length === 0 ? 'No webhook deliveries.' : undefined)}>
        {(d) => (
          <DataTable
            rows={d.deliveries}
            rowKey={(delivery) => delivery.id}
            columns={[
              { header: 'Event', cell: (delivery) => delivery.event_type },
              { header: 'URL', cell: (delivery) => delivery.url, className: 'url' },
              { header: 'Status', cell: (delivery) => <Badge value={delivery.status} /> },
              {
                header: 'Attempts',
                cell: (delivery) => (
                  <details>
                    <summary>{delivery.attempts}</summary>
                    <ul>
                      {delivery.recent_attempts.map((a) => (
                        <li key={a.number}>
                          #{a.number} {a.status} {a.status_code ?? ''} {a.error ?? ''} ({a.duration_ms} ms)
                        </li>
                      ))}
                    </ul>
                  </details>
                ),
              },
              { header: 'Created', cell: (delivery) => <Time value={delivery.created_at} /> },
              writable && {
                header: 'Action',
                cell: (delivery) => (
                  <button type="button" className="secondary outline small" onClick={() => replay(delivery.id)}>
                    Replay
                  </button>
                ),
              },
            ]}
          />
        )}
      </LoadState>
    </>
  );
}
