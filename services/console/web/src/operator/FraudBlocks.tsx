import { del, get, projectPath } from '../api';
import { LoadState, NotAvailable, useAction } from '../components';
import { DataTable } from '../table';
import { useLoad } from '../hooks';

interface Block {
  project_id: string;
  project_name: string;
  prefix?: string;
  reason?: string;
  since?: string;
  until?: string | null;
}

export function FraudBlocks() {
  const loaded = useLoad(() => get<{ available: boolean; blocks: Block[] }>('/fraud-blocks'), 'blocks');
  const action = useAction();
  const lift = (b: Block) => {
    if (!b.prefix || !window.confirm(`Lift the block on ${b.prefix} for ${b.project_name}?`)) return;
    void action.run(async () => {
      await del(projectPath(b.project_id, `/fraud/blocks/${encodeURIComponent(b.prefix!)}`));
      loaded.reload();
      return `Block on ${b.prefix} lifted.`;
    });
  };
  return (
    <>
      <h1>Fraud blocks across projects</h1>
      {action.feedback}
      <LoadState loaded={loaded}>
        {(d) =>
          !d.available ? (
            <NotAvailable what="Fraud protection" />
          ) : d.blocks.length === 0 ? (
            <p className="empty">No prefix is blocked.</p>
          ) : (
            <DataTable
              rows={d.blocks}
              rowKey={(b) => `${b.project_id}:${b.prefix}`}
              columns={[
                { header: 'Project', cell: (b) => b.project_name },
                { header: 'Prefix', cell: (b) => <code>{b.prefix}</code> },
                { header: 'Reason', cell: (b) => b.reason },
                { header: 'Since', cell: (b) => b.since },
                { header: 'Until', cell: (b) => b.until ?? '—' },
                {
                  header: 'Action',
                  cell: (b) => (
                    <button type="button" className="secondary outline small" onClick={() => lift(b)}>
                      Lift block
                    </button>
                  ),
                },
              ]}
            />
          )
        }
      </LoadState>
    </>
  );
}
