import type { FormEvent } from 'react';
import { get, post } from '../api';
import { LoadState, Time, useAction } from '../components';
import { DataTable } from '../table';
import { useLoad } from '../hooks';

interface User {
  id: string;
  email: string;
  operator: boolean;
  created_at: string;
}

export function People() {
  const loaded = useLoad(() => get<{ users: User[] }>('/users'), 'users');
  const action = useAction();
  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void action.run(async () => {
      const email = String(data.get('email'));
      await post('/users', { email, password: String(data.get('password')), operator: data.get('operator') === 'on' });
      form.reset();
      loaded.reload();
      return `${email} can now sign in. Add them to projects on each project's Members page.`;
    });
  };
  return (
    <>
      <h1>People</h1>
      <article>
        <h2>Create a console user</h2>
        <form onSubmit={create}>
          <div className="grid">
            <label>
              Email
              <input name="email" type="email" required />
            </label>
            <label>
              First password (at least 10 characters; they should change it)
              <input
                name="password"
                type="password"
                minLength={10}
                maxLength={200}
                autoComplete="new-password"
                required
              />
            </label>
          </div>
          <label>
            <input name="operator" type="checkbox" role="switch" /> Operator (sees and runs every project)
          </label>
          {action.feedback}
          <button type="submit" aria-busy={action.busy} disabled={action.busy}>
            Create user
          </button>
        </form>
      </article>
      <LoadState loaded={loaded}>
        {(d) => (
          <DataTable
            rows={d.users}
            rowKey={(u) => u.id}
            columns={[
              { header: 'Email', cell: (u) => u.email },
              { header: 'Operator', cell: (u) => (u.operator ? 'yes' : 'no') },
              { header: 'Created', cell: (u) => <Time value={u.created_at} /> },
            ]}
          />
        )}
      </LoadState>
    </>
  );
}
