import { useState, type FormEvent } from 'react';
import { type ApiError, get, post, rememberCsrf } from '../api';
import { ErrorNote } from '../components';
import { useLoad } from '../hooks';

// Password sign-in, and "Sign in with SSO" when the console has an OpenID Connect provider. A
// refused single sign-on comes back here with a reason code, worded below (never text from the URL).

const SSO_REFUSALS: Record<string, string> = {
  unknown_email: 'No console user has the email your identity provider gave. An operator must create that user first.',
  unverified_email: 'Your identity provider has not verified your email, so it cannot sign you in here.',
  no_email: 'Your identity provider did not share your email, so the console cannot tell who you are.',
  expired: 'The single sign-on took too long or was started in another browser. Try again.',
  failed: 'The identity provider did not confirm the sign-in. Try again.',
  unavailable: 'The identity provider cannot be reached right now. Try again later, or use your password.',
};

function ssoRefusal(): string | undefined {
  const reason = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('sso_error');
  return reason ? (SSO_REFUSALS[reason] ?? SSO_REFUSALS.failed) : undefined;
}

export function SignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const [refusal] = useState(ssoRefusal);
  const sso = useLoad(() => get<{ enabled: boolean }>('/sso'), 'sso');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const answer = await post<{ csrf_token: string }>('/session', {
        email: String(form.get('email')),
        password: String(form.get('password')),
      });
      rememberCsrf(answer.csrf_token);
      await onSignedIn();
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="container narrow" id="main">
      <article>
        <h1>Sign in to the OTP console</h1>
        {refusal && (
          <div role="alert" className="error-note">
            <strong>Single sign-on refused:</strong> {refusal}
          </div>
        )}
        <form onSubmit={(e) => void submit(e)}>
          <label>
            Email
            <input name="email" type="email" autoComplete="username" required autoFocus />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          {error && <ErrorNote error={error} />}
          <button type="submit" aria-busy={busy} disabled={busy}>
            Sign in
          </button>
        </form>
        {sso.data?.enabled && (
          <p>
            <a href="/api/sso/start" role="button" className="secondary outline">
              Sign in with SSO
            </a>
          </p>
        )}
      </article>
    </main>
  );
}
