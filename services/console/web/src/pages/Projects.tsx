import type { FormEvent } from 'react';
import { get, post } from '../api';
import { LoadState, Time, useAction } from '../components';
import { DataTable } from '../table';
import { go, useLoad } from '../hooks';
import type { ProjectSummary, Session } from '../types';

export function Projects({ session }: { session: Session }) {
  const loaded = useLoad(() => get<{ projects: ProjectSummary[] }>('/projects'), 'projects');
  const action = useAction();
  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void action.run(async () => {
      const credit = String(data.get('credit') ?? '').trim();
      const owner = String(data.get('owner_email') ?? '').trim();
      const project = await post<{ id: string }>('/projects', {
        name: String(data.get('name')),
        ...(credit ? { credit } : {}),
        ...(owner ? { owner_email: owner } : {}),
      });
      go(`/projects/${project.id}/overview`);
    });
  };
  return (
    <>
      <h1>{session.user.operator ? 'All projects' : 'Your projects'}</h1>
      <LoadState
        loaded={loaded}
        empty={(d) =>
          d.projects.length === 0
            ? session.user.operator
              ? 'No projects yet: create the first one below.'
              : 'You are not a member of any project yet. Ask an operator or a project owner to add you.'
            : undefined
        }
      >
        {(d) => (
          <DataTable
            rows={d.projects}
            rowKey={(p) => p.id}
            columns={[
              { header: 'Project', cell: (p) => <a href={`#/projects/${p.id}/overview`}>{p.name}</a> },
              { header: 'Id', cell: (p) => <code>{p.id}</code> },
              { header: 'Your role', cell: (p) => p.role ?? (session.user.operator ? 'operator' : '—') },
              { header: 'Created', cell: (p) => <Time value={p.created_at} /> },
            ]}
          />
        )}
      </LoadState>
      {session.user.operator && (
        <article>
          <h2>Create a project</h2>
          <form onSubmit={create}>
            <div className="grid">
              <label>
                Name
                <input name="name" required maxLength={200} />
              </label>
              <label>
                Extra credit in USD (optional, on top of the 1.00 trial)
                <input name="credit" inputMode="decimal" pattern="^\d+(\.\d{1,2})?$" placeholder="10.00" />
              </label>
              <label>
                Owner's email (optional, an existing console user)
                <input name="owner_email" type="email" />
              </label>
            </div>
            {action.feedback}
            <button type="submit" aria-busy={action.busy} disabled={action.busy}>
              Create project
            </button>
          </form>
        </article>
      )}
    </>
  );
}
