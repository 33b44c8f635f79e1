import { Badge, Time } from '../components';
import type { MessengerCode } from '../types';
import { LogList } from './log-list';
import type { ProjectPageProps } from './props';

// The messenger log: a project's codes, newest first. The messenger service never stores a code,
// so no answer the page reads can carry one.

const CODE_STATUSES = ['sending', 'sent', 'delivered', 'read', 'expired', 'revoked', 'failed'];

export function MessengerLog({ project }: ProjectPageProps) {
  return (
    <LogList<MessengerCode>
      project={project}
      title="Messenger codes"
      what="messenger codes"
      path="/messenger-codes"
      listKey="codes"
      statuses={CODE_STATUSES}
      idHeader="Code message"
      columns={[
        { header: 'To', cell: (c) => c.to },
        { header: 'Status', cell: (c) => <Badge value={c.status} /> },
        { header: 'For', cell: (c) => (c.purpose === 'verify' ? 'verification' : 'direct') },
        { header: 'Cost', cell: (c) => c.cost },
        { header: 'Created', cell: (c) => <Time value={c.date_created} /> },
      ]}
      detail={(c, close) => <CodeDetail code={c} onClose={close} />}
    />
  );
}

function CodeDetail({ code: c, onClose }: { code: MessengerCode; onClose: () => void }) {
  return (
    <article aria-labelledby="code-detail-title" data-testid="messenger-detail">
      <header>
        <h3 id="code-detail-title">Messenger code {c.sid}</h3>
      </header>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <Badge value={c.status} />
        </dd>
        <dt>To</dt>
        <dd>{c.to}</dd>
        <dt>Sent for</dt>
        <dd>{c.purpose === 'verify' ? 'a verification' : 'the API (direct)'}</dd>
        <dt>Cost</dt>
        <dd>{c.cost} USD</dd>
        <dt>Checks</dt>
        <dd>{c.checks}</dd>
        <dt>Latest check</dt>
        <dd>{c.verification_status ?? 'none'}</dd>
        <dt>Code</dt>
        <dd>never shown</dd>
        <dt>Created</dt>
        <dd>
          <Time value={c.date_created} />
        </dd>
        <dt>Expires</dt>
        <dd>
          <Time value={c.expires_at} />
        </dd>
        <dt>Delivered</dt>
        <dd>
          <Time value={c.delivered_at} />
        </dd>
        {c.last_error && (
          <>
            <dt>Last error</dt>
            <dd>{c.last_error}</dd>
          </>
        )}
      </dl>
      <button type="button" className="secondary outline small" onClick={onClose}>
        Close details
      </button>
    </article>
  );
}
