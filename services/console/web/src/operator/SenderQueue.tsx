import { get, post, projectPath } from '../api';
import { LoadState, Time, useAction } from '../components';
import { DataTable } from '../table';
import { useLoad } from '../hooks';

interface Waiting {
  project_id: string;
  project_name: string;
  value: string;
  site: string;
  created_at: string;
}

export function SenderQueue() {
  const loaded = useLoad(() => get<{ sender_ids: Waiting[] }>('/sender-id-queue'), 'queue');
  const action = useAction();
  const approve = (s: Waiting) =>
    void action.run(async () => {
      await post(projectPath(s.project_id, `/sender-ids/${encodeURIComponent(s.value)}/approve`));
      loaded.reload();
      return `${s.value} approved for ${s.project_name}.`;
    });
  const reject = (s: Waiting) => {
    const reason = window.prompt(`Why is ${s.value} rejected? The project sees this reason.`);
    if (!reason) return;
    void action.run(async () => {
      await post(projectPath(s.project_id, `/sender-ids/${encodeURIComponent(s.value)}/reject`), { reason });
      loaded.reload();
      return `${s.value} rejected.`;
    });
  };
  return (
    <>
      <h1>Sender IDs waiting for approval</h1>
      {action.feedback}
      <LoadState
        loaded={loaded}
        empty={(d) => (d.sender_ids.length === 0 ? 'Nothing is waiting for approval.' : undefined)}
      >
        {(d) => (
          <DataTable
            rows={d.sender_ids}
            rowKey={(s) => `${s.project_id}:${s.value}`}
            columns={[
              { header: 'Sender ID', cell: (s) => <code>{s.value}</code> },
              {
                header: 'Project',
                cell: (s) => <a href={`#/projects/${s.project_id}/sender-ids`}>{s.project_name}</a>,
              },
              { header: 'Site or app', cell: (s) => s.site },
              { header: 'Requested', cell: (s) => <Time value={s.created_at} /> },
              {
                header: 'Review',
                cell: (s) => (
                  <>
                    <button type="button" className="small" onClick={() => approve(s)}>
                      Approve<span className="visually-hidden"> {s.value}</span>
                    </button>{' '}
                    <button type="button" className="secondary outline small" onClick={() => reject(s)}>
                      Reject<span className="visually-hidden"> {s.value}</span>
                    </button>
                  </>
                ),
                className: 'actions',
              },
            ]}
          />
        )}
      </LoadState>
    </>
  );
}
