import { useState, type FormEvent } from 'react';
import { type ApiError, get, post, rememberCsrf } from '../api';
import { ErrorNote } from '../components';
import { useLoad } from '../hooks';

// Password sign-in, and "Sign in with SSO" when the console has an OpenID Connect provider. A
// refused single sign-on comes back here with a reason code, worded below (never text from the URL).
// Whoever has a second factor gives a code next; an operator's single sign-on comes back with the
// token of that step in the fragment (taken out of the address bar at once).

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

function ssoPendingToken(): string | undefined {
  const token = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('second_factor');
  if (token) window.history.replaceState(null, '', '#/');
  return token ?? undefined;
}

/** What POST /session answers: a session, or the token of the code step. */
type SignInAnswer = { csrf_token: string } | { second_factor: 'required'; pending_token: string };

export function SignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const [refusal] = useState(ssoRefusal);
  const [pendingToken, setPendingToken] = useState(ssoPendingToken);
  const sso = useLoad(() => get<{ enabled: boolean }>('/sso'), 'sso');
  const attempt = async (send: () => Promise<SignInAnswer>) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await send();
      if ('pending_token' in answer) {
        setPendingToken(answer.pending_token);
        return;
      }
      rememberCsrf(answer.csrf_token);
      await onSignedIn();
    } catch (e) {
      const refused = e as ApiError;
      // An expired code step starts over at the password.
      if (refused.code === 'SIGN_IN_EXPIRED') setPendingToken(undefined);
      setError(refused);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void attempt(() =>
      post<SignInAnswer>('/session', { email: String(form.get('email')), password: String(form.get('password')) }),
    );
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void attempt(() =>
      post<SignInAnswer>('/session/second-factor', { pending_token: pendingToken, code: String(form.get('code')) }),
    );
  };
  if (pendingToken)
    return (
      <main className="container narrow" id="main">
        <article>
          <h1>Two-factor authentication</h1>
          <form onSubmit={submitCode}>
            <label>
              Authentication code or recovery code
              <input name="code" autoComplete="one-time-code" maxLength={24} required autoFocus />
            </label>
            {error && <ErrorNote error={error} />}
            <button type="submit" aria-busy={busy} disabled={busy}>
              Verify
            </button>
          </form>
          <p>
            <button type="button" className="secondary outline small" onClick={() => setPendingToken(undefined)}>
              Back to sign-in
            </button>
          </p>
        </article>
      </main>
    );
  return (
    <main className="container narrow" id="main">
      <article>
        <h1>Sign in to the OTP console</h1>
        {refusal && (
          <div role="alert" className="error-note">
            <strong>Single sign-on refused:</strong> {refusal}
          </div>
        )}
        <form onSubmit={submit}>
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
