import type { FormEvent } from 'react';
import { del, get, post, projectPath } from '../api';
import { LoadState, ReadOnlyNote, Time, useAction } from '../components';
import { DataTable } from '../table';
import { useLoad } from '../hooks';
import type { ProjectPageProps } from './props';

interface Member {
  user_id: string;
  email: string;
  role: string;
  created_at: string;
}

interface AuditEntry {
  at: string;
  email: string;
  action: string;
  details: Record<string, unknown>;
}

export function Members({ project, can }: ProjectPageProps) {
  const loaded = useLoad(() => get<{ members: Member[] }>(projectPath(project.id, '/members')), project.id);
  const action = useAction();
  const writable = can('members.write');
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void action.run(async () => {
      await post(projectPath(project.id, '/members'), {
        email: String(data.get('email')),
        role: String(data.get('role')),
      });
      form.reset();
      loaded.reload();
      // The console answers the same whether the email has a console user: the list shows who is in.
      return 'Saved. A person without a console user is not added: an operator creates them first.';
    });
  };
  const remove = (m: Member) => {
    if (!window.confirm(`Remove ${m.email} from this project?`)) return;
    void action.run(async () => {
      await del(projectPath(project.id, `/members/${m.user_id}`));
      loaded.reload();
      return `${m.email} removed.`;
    });
  };
  return (
    <>
      <ReadOnlyNote canWrite={writable} />
      {writable && (
        <form onSubmit={add} className="inline-form">
          <label>
            Email of a console user
            <input name="email" type="email" required />
          </label>
          <label>
            Role
            <select name="role" defaultValue="developer">
              <option value="owner">owner</option>
              <option value="developer">developer</option>
              <option value="viewer">viewer</option>
            </select>
          </label>
          <button type="submit" aria-busy={action.busy} disabled={action.busy}>
            Add or change member
          </button>
        </form>
      )}
      {action.feedback}
      <LoadState
        loaded={loaded}
        empty={(d) => (d.members.length === 0 ? 'No members: only operators see this project.' : undefined)}
      >
        {(d) => (
          <DataTable
            rows={d.members}
            rowKey={(m) => m.user_id}
            columns={[
              { header: 'Email', cell: (m) => m.email },
              { header: 'Role', cell: (m) => m.role },
              { header: 'Since', cell: (m) => <Time value={m.created_at} /> },
              writable && {
                header: 'Action',
                cell: (m) => (
                  <button type="button" className="secondary outline small" onClick={() => remove(m)}>
                    Remove<span className="visually-hidden"> {m.email}</span>
                  </button>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {can('audit.read') && <AuditTrail projectId={project.id} />}
    </>
  );
}

function AuditTrail({ projectId }: { projectId: string }) {
  const loaded = useLoad(() => get<{ entries: AuditEntry[] }>(projectPath(projectId, '/audit')), projectId);
  return (
    <>
      <h3>Audit trail</h3>
      <LoadState loaded={loaded} empty={(d) => (d.entries.length === 0 ? 'Nothing has been changed yet.' : undefined)}>
        {(d) => (
          <DataTable
            rows={d.entries}
            rowKey={(_e, i) => String(i)}
            columns={[
              { header: 'When', cell: (e) => <Time value={e.at} /> },
              { header: 'Who', cell: (e) => e.email },
              { header: 'What', cell: (e) => e.action },
              { header: 'Details', cell: (e) => <code>{JSON.stringify(e.details)}</code> },
            ]}
          />
        )}
      </LoadState>
    </>
  );
}
