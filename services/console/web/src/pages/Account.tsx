import type { FormEvent } from 'react';
import { post, rememberCsrf } from '../api';
import { useAction } from '../components';
import type { Session } from '../types';
import { SecondFactorSection } from './SecondFactor';

export function Account({ session, onSessionChanged }: { session: Session; onSessionChanged: () => Promise<void> }) {
  const action = useAction();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void action.run(async () => {
      const answer = await post<{ csrf_token: string }>('/password', {
        current: String(data.get('current')),
        next: String(data.get('next')),
      });
      rememberCsrf(answer.csrf_token);
      form.reset();
      await onSessionChanged();
      return 'Password changed. Every other sign-in has been ended.';
    });
  };
  return (
    <>
      <h1>Your account</h1>
      <h2>Password</h2>
      <form onSubmit={submit} className="narrow">
        <label>
          Current password
          <input name="current" type="password" autoComplete="current-password" required />
        </label>
        <label>
          New password (at least 10 characters)
          <input name="next" type="password" autoComplete="new-password" minLength={10} maxLength={200} required />
        </label>
        {action.feedback}
        <button type="submit" aria-busy={action.busy} disabled={action.busy}>
          Change password
        </button>
      </form>
      <SecondFactorSection session={session} onChanged={onSessionChanged} />
    </>
  );
}
