import { get } from '../api';
import { LoadState, NotAvailable } from '../components';
import { useLoad } from '../hooks';

type Carrier = Record<string, unknown> & { name?: string; id?: string; health?: string };

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function Carriers() {
  const loaded = useLoad(() => get<{ available: boolean; carriers: Carrier[] }>('/carriers'), 'carriers');
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
          )
        }
      </LoadState>
    </>
  );
}
