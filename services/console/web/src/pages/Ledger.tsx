import { get, projectPath } from '../api';
import { LoadState, Time } from '../components';
import { DataTable } from '../table';
import { useLoad } from '../hooks';
import { ledgerCsv } from '../ledger-rules';
import type { LedgerEntry } from '../types';
import type { ProjectPageProps } from './props';

export function Ledger({ project }: ProjectPageProps) {
  const loaded = useLoad(
    () => get<{ entries: LedgerEntry[] }>(projectPath(project.id, '/ledger?limit=500')),
    project.id,
  );
  const download = (entries: LedgerEntry[]) => {
    const url = URL.createObjectURL(new Blob([ledgerCsv(entries)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `ledger-${project.id}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <LoadState loaded={loaded} empty={(d) => (d.entries.length === 0 ? 'No money has moved yet.' : undefined)}>
      {(d) => (
        <>
          <p>
            The latest {d.entries.length} entries, newest first.{' '}
            <button type="button" className="small" onClick={() => download(d.entries)}>
              Export CSV
            </button>
          </p>
          <DataTable
            rows={d.entries}
            rowKey={(e) => e.id}
            columns={[
              { header: 'When', cell: (e) => <Time value={e.created_at} /> },
              { header: 'Kind', cell: (e) => e.kind },
              { header: 'Amount', cell: (e) => e.amount, className: 'num' },
              { header: 'Balance', cell: (e) => e.balance, className: 'num' },
              { header: 'Reference', cell: (e) => <code>{e.reference}</code> },
              { header: 'Description', cell: (e) => e.description },
            ]}
          />
        </>
      )}
    </LoadState>
  );
}
