import { Badge, Time } from '../components';
import type { SmsMessage } from '../types';
import { LogList } from './log-list';
import type { ProjectPageProps } from './props';

// The SMS log: a project's messages, newest first. A verification's message carries its text with
// the code masked (the sms service never keeps it readable), so the body can be shown as it is.

const SMS_STATUSES = ['queued', 'processing', 'sent', 'failed', 'enqueue_failed'];

export function SmsLog({ project }: ProjectPageProps) {
  return (
    <LogList<SmsMessage>
      project={project}
      title="SMS messages"
      what="SMS messages"
      path="/sms"
      listKey="messages"
      statuses={SMS_STATUSES}
      idHeader="Message"
      columns={[
        { header: 'To', cell: (m) => m.to },
        { header: 'From', cell: (m) => m.from },
        { header: 'Status', cell: (m) => <Badge value={m.status} /> },
        // The receipt's word, as the detail shows it: a list row never says less than its detail.
        { header: 'Delivery', cell: (m) => m.delivery_status ?? 'no receipt yet' },
        { header: 'For', cell: (m) => (m.purpose === 'verify' ? 'verification' : 'direct') },
        { header: 'Cost', cell: (m) => m.cost },
        { header: 'Created', cell: (m) => <Time value={m.date_created} /> },
      ]}
      detail={(m, close) => <SmsDetail message={m} onClose={close} />}
    />
  );
}

function SmsDetail({ message: m, onClose }: { message: SmsMessage; onClose: () => void }) {
  return (
    <article aria-labelledby="sms-detail-title" data-testid="sms-detail">
      <header>
        <h3 id="sms-detail-title">SMS {m.sid}</h3>
      </header>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <Badge value={m.status} />
        </dd>
        <dt>Delivery</dt>
        <dd>{m.delivery_status ?? 'no receipt yet'}</dd>
        <dt>To</dt>
        <dd>{m.to}</dd>
        <dt>From</dt>
        <dd>{m.from}</dd>
        <dt>Sent for</dt>
        <dd>{m.purpose === 'verify' ? 'a verification (code masked)' : 'the API (direct)'}</dd>
        <dt>Text</dt>
        <dd>{m.body}</dd>
        <dt>Segments</dt>
        <dd>{m.sms_segments}</dd>
        <dt>Cost</dt>
        <dd>{m.cost} USD</dd>
        <dt>Submit attempts</dt>
        <dd>{m.attempts}</dd>
        <dt>Carrier</dt>
        <dd>{m.carrier ?? 'none yet'}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={m.date_created} />
        </dd>
        <dt>Accepted by the carrier</dt>
        <dd>
          <Time value={m.processed_at} />
        </dd>
        <dt>Delivered</dt>
        <dd>
          <Time value={m.delivered_at} />
        </dd>
        {m.last_error && (
          <>
            <dt>Last error</dt>
            <dd>{m.last_error}</dd>
          </>
        )}
      </dl>
      <button type="button" className="secondary outline small" onClick={onClose}>
        Close details
      </button>
    </article>
  );
}
