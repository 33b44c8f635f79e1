import { get } from '../api';
import { LoadState, NotAvailable } from '../components';
import { useLoad } from '../hooks';

type Carrier = Record<string, unknown> & { name?: string; id?: string; health?: string };
/** An sms replica the gateway asked: each holds its own binds. */
type Replica = { address: string; answered: boolean; error: string | null };

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function Carriers() {
  const loaded = useLoad(
    () => get<{ available: boolean; carriers: Carrier[]; replicas?: Replica[] }>('/carriers'),
    'carriers',
  );
  return (
    <>
      <h1>Carriers' health</h1>
      <LoadState loaded={loaded}>
        {(d) =>
          !d.available ? (
            <NotAvailable what="Carrier health" />
          ) : d.carriers.length === 0 ? (
            <p className="empty">No carriers configured.</p>
          ) : (
            <>
              {d.replicas && <ReplicasLine replicas={d.replicas} />}
              <div className="cards">
                {d.carriers.map((c, i) => (
                  <article key={String(c.id ?? c.name ?? i)}>
                    <h2>{show(c.name ?? c.id)}</h2>
                    <dl className="facts">
                      {Object.entries(c)
                        .filter(([k]) => k !== 'name')
                        .map(([k, v]) => (
                          <div key={k}>
                            <dt>{k.replace(/_/g, ' ')}</dt>
                            <dd>{show(v)}</dd>
                          </div>
                        ))}
                    </dl>
                  </article>
                ))}
              </div>
            </>
          )
        }
      </LoadState>
    </>
  );
}

function ReplicasLine({ replicas }: { replicas: Replica[] }) {
  const answered = replicas.filter((r) => r.answered).length;
  const silent = replicas.filter((r) => !r.answered);
  return (
    <p>
      sms replicas answering: {answered} of {replicas.length}
      {silent.length > 0 &&
        ` (not answering: ${silent.map((r) => `${r.address}: ${r.error ?? 'no answer'}`).join('; ')})`}
    </p>
  );
}
