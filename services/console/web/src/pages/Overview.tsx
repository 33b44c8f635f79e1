import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FormEvent } from 'react';
import { get, post, projectPath } from '../api';
import { LoadState, useAction } from '../components';
import { DataTable } from '../table';
import { useLoad } from '../hooks';
import { spendByDay } from '../ledger-rules';
import type { DailyStat, LedgerEntry } from '../types';
import type { ProjectPageProps } from './props';

const DAYS = 14;

interface DayRow {
  day: string;
  verifications: number;
  approved: number;
  conversion: number | null;
  spend: number;
}

async function readOverview(projectId: string): Promise<DayRow[]> {
  const [stats, ledger] = await Promise.all([
    get<{ days: DailyStat[] }>(projectPath(projectId, `/stats/daily?days=${DAYS}`)),
    get<{ entries: LedgerEntry[] }>(projectPath(projectId, '/ledger?limit=500')),
  ]);
  const spend = spendByDay(ledger.entries);
  return stats.days.map((d) => ({
    day: d.day.slice(5),
    verifications: d.verifications,
    approved: d.approved,
    conversion: d.conversion_rate === null ? null : Math.round(d.conversion_rate * 100),
    spend: Math.round((spend.get(d.day) ?? 0) * 100) / 100,
  }));
}

export function Overview({ project, can, reloadProject }: ProjectPageProps) {
  const loaded = useLoad(() => readOverview(project.id), project.id);
  return (
    <>
      {can('credits.add') && <AddCredit projectId={project.id} onAdded={reloadProject} />}
      <div className="grid stats">
        <article>
          <h3>Balance</h3>
          <p className="big">{project.balance} USD</p>
        </article>
        <LoadState loaded={loaded}>
          {(rows) => {
            const total = rows.reduce((n, r) => n + r.verifications, 0);
            const approved = rows.reduce((n, r) => n + r.approved, 0);
            const spend = rows.reduce((n, r) => n + r.spend, 0);
            return (
              <>
                <article>
                  <h3>Verifications ({DAYS} days)</h3>
                  <p className="big">{total}</p>
                  <p>{total === 0 ? 'no conversion yet' : `${Math.round((approved / total) * 100)}% approved`}</p>
                </article>
                <article>
                  <h3>Spend ({DAYS} days)</h3>
                  <p className="big">{spend.toFixed(2)} USD</p>
                </article>
              </>
            );
          }}
        </LoadState>
      </div>
      <LoadState loaded={loaded}>
        {(rows) => (
          <>
            <figure>
              <figcaption id="chart-verifications">Verifications per day and conversion rate (%)</figcaption>
              <div className="chart" role="img" aria-labelledby="chart-verifications">
                <ResponsiveContainer width="100%" height={260}>
                  <ComposedChart data={rows}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="day" />
                    <YAxis yAxisId="count" allowDecimals={false} />
                    <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} unit="%" />
                    <Tooltip />
                    <Legend />
                    <Bar yAxisId="count" dataKey="verifications" name="verifications" fill="#3558a8" />
                    <Line yAxisId="rate" dataKey="conversion" name="conversion %" stroke="#b3261e" connectNulls />
                  </ComposedChart>
                </ResponsiveContainer>
              </div>
            </figure>
            <figure>
              <figcaption id="chart-spend">Spend per day (USD)</figcaption>
              <div className="chart" role="img" aria-labelledby="chart-spend">
                <ResponsiveContainer width="100%" height={220}>
                  <ComposedChart data={rows}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="day" />
                    <YAxis />
                    <Tooltip />
                    <Bar dataKey="spend" name="spend (USD)" fill="#1f7a4d" />
                  </ComposedChart>
                </ResponsiveContainer>
              </div>
            </figure>
            <details>
              <summary>The same numbers as a table</summary>
              <DataTable
                rows={rows}
                rowKey={(r) => r.day}
                columns={[
                  { header: 'Day', cell: (r) => r.day },
                  { header: 'Verifications', cell: (r) => r.verifications },
                  { header: 'Approved', cell: (r) => r.approved },
                  { header: 'Conversion', cell: (r) => (r.conversion === null ? '—' : `${r.conversion}%`) },
                  { header: 'Spend (USD)', cell: (r) => r.spend.toFixed(2) },
                ]}
              />
            </details>
          </>
        )}
      </LoadState>
    </>
  );
}

/** Operators top up a project's balance (audited; the ledger shows it as a credit). */
function AddCredit({ projectId, onAdded }: { projectId: string; onAdded: () => void }) {
  const action = useAction();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const note = String(data.get('note') ?? '').trim();
    void action.run(async () => {
      const answer = await post<{ balance: string }>(projectPath(projectId, '/credits'), {
        amount: String(data.get('amount')),
        ...(note ? { note } : {}),
      });
      form.reset();
      onAdded();
      return `Credit added: the balance is now ${answer.balance} USD.`;
    });
  };
  return (
    <form onSubmit={submit} className="inline-form" aria-label="Add credit">
      <label>
        Add credit (USD)
        <input name="amount" inputMode="decimal" required pattern="^\d+(\.\d{1,2})?$" placeholder="10.00" />
      </label>
      <label>
        Note (optional)
        <input name="note" maxLength={500} />
      </label>
      <button type="submit" aria-busy={action.busy} disabled={action.busy}>
        Add credit
      </button>
      {action.feedback}
    </form>
  );
}
