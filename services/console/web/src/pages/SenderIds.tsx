import type { FormEvent } from 'react';
import { post, projectPath } from '../api';
import { Badge, ReadOnlyNote, Time, useAction } from '../components';
import { DataTable } from '../table';
import type { ProjectPageProps } from './props';

export function SenderIds({ project, can, reloadProject }: ProjectPageProps) {
  const action = useAction();
  const writable = can('sender_ids.request');
  const request = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void action.run(async () => {
      const value = String(data.get('value'));
      await post(projectPath(project.id, '/sender-ids'), { value, site: String(data.get('site')) });
      form.reset();
      reloadProject();
      return `Sender ID ${value} requested: it can be used once an operator approves it.`;
    });
  };
  const approve = (value: string) =>
    void action.run(async () => {
      await post(projectPath(project.id, `/sender-ids/${encodeURIComponent(value)}/approve`));
      reloadProject();
      return `Sender ID ${value} approved.`;
    });
  const list = project.sender_ids;
  return (
    <>
      <ReadOnlyNote canWrite={writable} />
      {writable && (
        <form onSubmit={request}>
          <div className="grid">
            <label>
              Sender ID (3-11 letters and digits, at least one letter)
              <input name="value" required pattern="^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$" maxLength={11} />
            </label>
            <label>
              Site or app it is for
              <input name="site" required maxLength={200} placeholder="example.com or the app's name" />
            </label>
          </div>
          <button type="submit" aria-busy={action.busy} disabled={action.busy}>
            Request sender ID
          </button>
        </form>
      )}
      {action.feedback}
      {list === null ? (
        <p role="alert">Sender IDs cannot be read right now (the SMS service did not answer).</p>
      ) : list.length === 0 ? (
        <p className="empty">No sender IDs yet. SMS and the SMS fallback need an approved one.</p>
      ) : (
        <DataTable
          rows={list}
          rowKey={(s) => s.value}
          columns={[
            { header: 'Sender ID', cell: (s) => <code>{s.value}</code> },
            { header: 'Site or app', cell: (s) => s.site },
            {
              header: 'Status',
              cell: (s) => (
                <>
                  <Badge value={s.status} />
                  {s.rejection_reason && <span className="reason"> {s.rejection_reason}</span>}
                </>
              ),
            },
            { header: 'Requested', cell: (s) => <Time value={s.created_at} /> },
            can('sender_ids.review') && {
              header: 'Review',
              cell: (s) => (
                <>
                  {s.status === 'pending' && (
                    <button type="button" className="small" onClick={() => approve(s.value)}>
                      Approve<span className="visually-hidden"> {s.value}</span>
                    </button>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
