import { useState } from 'react';
import { get, projectPath } from '../api';
import { Badge, ErrorNote, Time } from '../components';
import { useLoad } from '../hooks';
import { DataTable } from '../table';
import type { Verification } from '../types';
import { LogList } from './log-list';
import { MessengerLog } from './MessengerLog';
import type { ProjectPageProps } from './props';
import { SmsLog } from './SmsLog';

// Logs of verifications, SMS messages and messenger codes. Codes are never part of what the
// platform shows, here or anywhere: a verification's SMS shows its text with the code masked.

const LOGS = [
  { id: 'verifications', label: 'Verifications' },
  { id: 'sms', label: 'SMS messages' },
  { id: 'messenger', label: 'Messenger codes' },
] as const;

export function Logs(props: ProjectPageProps) {
  const [log, setLog] = useState<(typeof LOGS)[number]['id']>('verifications');
  return (
    <>
      <nav aria-label="Logs" className="subnav">
        <ul>
          {LOGS.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                className={log === l.id ? '' : 'secondary outline'}
                aria-pressed={log === l.id}
                onClick={() => setLog(l.id)}
              >
                {l.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {log === 'verifications' && <VerificationLog {...props} />}
      {log === 'sms' && <SmsLog {...props} />}
      {log === 'messenger' && <MessengerLog {...props} />}
    </>
  );
}

const VERIFICATION_STATUSES = ['pending', 'approved', 'expired', 'failed'];

function VerificationLog({ project }: ProjectPageProps) {
  return (
    <LogList<Verification>
      project={project}
      title="Verifications"
      what="verifications"
      path="/verifications"
      listKey="verifications"
      statuses={VERIFICATION_STATUSES}
      idHeader="Verification"
      columns={[
        { header: 'To', cell: (v) => v.to },
        { header: 'Status', cell: (v) => <Badge value={v.status} /> },
        { header: 'Channel', cell: (v) => v.channel },
        { header: 'Cost', cell: (v) => v.cost },
        { header: 'Started', cell: (v) => <Time value={v.date_created} /> },
      ]}
      detail={(v, close) => <VerificationDetail projectId={project.id} sid={v.sid} onClose={close} />}
    />
  );
}

function VerificationDetail({ projectId, sid, onClose }: { projectId: string; sid: string; onClose: () => void }) {
  const loaded = useLoad(() => get<Verification>(projectPath(projectId, `/verifications/${sid}`)), sid);
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  const v = loaded.data;
  return (
    <article aria-labelledby="detail-title" data-testid="verification-detail">
      <header>
        <h3 id="detail-title">Verification {sid}</h3>
      </header>
      {!v ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <dl className="facts">
            <dt>Status</dt>
            <dd>
              <Badge value={v.status} />
            </dd>
            <dt>To</dt>
            <dd>{v.to}</dd>
            <dt>Channel</dt>
            <dd>{v.channel}</dd>
            <dt>Fallback</dt>
            <dd>{v.fallback_reason ?? 'none'}</dd>
            <dt>Checks left</dt>
            <dd>{v.checks_left}</dd>
            <dt>Fee</dt>
            <dd>{v.fee} USD</dd>
            <dt>Cost</dt>
            <dd>{v.cost} USD</dd>
            <dt>Started</dt>
            <dd>
              <Time value={v.date_created} />
            </dd>
            <dt>Expires</dt>
            <dd>
              <Time value={v.expires_at} />
            </dd>
            <dt>Approved</dt>
            <dd>
              <Time value={v.approved_at} />
            </dd>
            <dt>Code</dt>
            <dd>never shown</dd>
            {v.last_error && (
              <>
                <dt>Last error</dt>
                <dd>{v.last_error}</dd>
              </>
            )}
          </dl>
          <h4>Attempts</h4>
          <DataTable
            rows={v.attempts}
            rowKey={(a) => a.sid}
            columns={[
              { header: 'Channel', cell: (a) => a.channel },
              { header: 'Message', cell: (a) => <code>{a.sid}</code> },
              { header: 'Status', cell: (a) => <Badge value={a.status} /> },
              { header: 'Cost', cell: (a) => a.cost },
              { header: 'Sent', cell: (a) => <Time value={a.date_created} /> },
            ]}
          />
        </>
      )}
      <button type="button" className="secondary outline small" onClick={onClose}>
        Close details
      </button>
    </article>
  );
}
