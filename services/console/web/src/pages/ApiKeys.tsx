import { useState, type FormEvent } from 'react';
import { del, get, post, projectPath } from '../api';
import { Badge, LoadState, ReadOnlyNote, Time, useAction } from '../components';
import { DataTable } from '../table';
import { useLoad } from '../hooks';
import type { ProjectPageProps } from './props';

interface ApiKey {
  id: string;
  name: string;
  hint: string;
  created_at: string;
  revoked_at: string | null;
}

export function ApiKeys({ project, can }: ProjectPageProps) {
  const loaded = useLoad(() => get<{ api_keys: ApiKey[] }>(projectPath(project.id, '/api-keys')), project.id);
  const [fresh, setFresh] = useState<{ name: string; key: string }>();
  const [copied, setCopied] = useState(false);
  const action = useAction();
  const writable = can('api_keys.write');
  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name'));
    void action.run(async () => {
      const created = await post<{ key: string; name: string }>(projectPath(project.id, '/api-keys'), { name });
      setFresh({ name: created.name, key: created.key });
      setCopied(false);
      form.reset();
      loaded.reload();
    });
  };
  const revoke = (key: ApiKey) => {
    if (!window.confirm(`Revoke the key "${key.name}"? Requests using it fail at once.`)) return;
    void action.run(async () => {
      await del(projectPath(project.id, `/api-keys/${key.id}`));
      loaded.reload();
      return `Key "${key.name}" revoked.`;
    });
  };
  const copy = async () => {
    if (!fresh) return;
    await navigator.clipboard.writeText(fresh.key).catch(() => undefined);
    setCopied(true);
  };
  return (
    <>
      <ReadOnlyNote canWrite={writable} />
      {fresh && (
        <article className="one-time" aria-labelledby="fresh-key-title">
          <h3 id="fresh-key-title">New key "{fresh.name}"</h3>
          <p>Copy it now: it is shown only once and cannot be read again.</p>
          <div className="key-row">
            <input
              readOnly
              value={fresh.key}
              aria-label="New API key"
              data-testid="new-api-key"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
          <button type="button" className="secondary outline small" onClick={() => setFresh(undefined)}>
            I have stored it
          </button>
        </article>
      )}
      {writable && (
        <form onSubmit={create} className="inline-form">
          <label>
            Key name
            <input name="name" required maxLength={100} placeholder="backend production" />
          </label>
          <button type="submit" aria-busy={action.busy} disabled={action.busy}>
            Create key
          </button>
        </form>
      )}
      {action.feedback}
      <LoadState loaded={loaded} empty={(d) => (d.api_keys.length === 0 ? 'No API keys yet.' : undefined)}>
        {(d) => (
          <DataTable
            rows={d.api_keys}
            rowKey={(k) => k.id}
            columns={[
              { header: 'Name', cell: (k) => k.name },
              { header: 'Key', cell: (k) => <code>{k.hint}</code> },
              { header: 'Created', cell: (k) => <Time value={k.created_at} /> },
              { header: 'State', cell: (k) => (k.revoked_at ? <Badge value="revoked" /> : <Badge value="active" />) },
              writable && {
                header: 'Action',
                cell: (k) => (
                  <>
                    {!k.revoked_at && (
                      <button type="button" className="secondary outline small" onClick={() => revoke(k)}>
                        Revoke<span className="visually-hidden"> {k.name}</span>
                      </button>
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
      </LoadState>
    </>
  );
}
