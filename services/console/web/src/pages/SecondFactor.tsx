import { useState, type FormEvent } from 'react';
import { post } from '../api';
import { useAction } from '../components';
import type { Session } from '../types';

// Two-factor authentication (TOTP): enrolment (a secret for an authenticator app, confirmed with a
// code, then ten recovery codes shown once), and turning it off for those not required to have it.

interface Started {
  secret: string;
  otpauth_uri: string;
}

/** Enrolment from start to the recovery codes; `onEnrolled` once the person has saved them. */
export function Enrolment({ onEnrolled }: { onEnrolled: () => Promise<void> }) {
  const action = useAction();
  const [started, setStarted] = useState<Started>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const begin = () =>
    void action.run(async () => {
      setStarted(await post<Started>('/second-factor/enrolment'));
    });
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code'));
    void action.run(async () => {
      const answer = await post<{ recovery_codes: string[] }>('/second-factor/enrolment/confirm', { code });
      setRecoveryCodes(answer.recovery_codes);
    });
  };
  if (recoveryCodes)
    return (
      <section aria-labelledby="recovery-title">
        <h2 id="recovery-title">Recovery codes</h2>
        <p>Keep these somewhere safe: each signs you in once if you lose your device. They are shown only now.</p>
        <ul className="recovery-codes" data-testid="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => void onEnrolled()}>
          I have saved my recovery codes
        </button>
      </section>
    );
  if (!started)
    return (
      <>
        {action.feedback}
        <button type="button" onClick={begin} aria-busy={action.busy} disabled={action.busy}>
          Set up two-factor authentication
        </button>
      </>
    );
  return (
    <form onSubmit={confirm} className="narrow">
      <p>
        Add this key to an authenticator app (or <a href={started.otpauth_uri}>open it in one</a> on this device), then
        enter the code it shows.
      </p>
      <p>
        Secret key: <code data-testid="totp-secret">{started.secret}</code>
      </p>
      <details>
        <summary>Setup URI</summary>
        <code className="wrap">{started.otpauth_uri}</code>
      </details>
      <label>
        Authentication code
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,8}"
          maxLength={8}
          required
          autoFocus
        />
      </label>
      {action.feedback}
      <button type="submit" aria-busy={action.busy} disabled={action.busy}>
        Confirm
      </button>
    </form>
  );
}

/** The Account page's section: status, enrol or enrol again, turn off (when not required). */
export function SecondFactorSection({ session, onChanged }: { session: Session; onChanged: () => Promise<void> }) {
  const action = useAction();
  const [enrolling, setEnrolling] = useState(false);
  const factor = session.second_factor;
  const turnOff = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code'));
    void action.run(async () => {
      await post('/second-factor/disable', { code });
      await onChanged();
      return 'Two-factor authentication is off.';
    });
  };
  const enrolled = async () => {
    setEnrolling(false);
    await onChanged();
  };
  return (
    <section aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">Two-factor authentication</h2>
      {factor.enrolled ? (
        <p role="status">
          On: signing in asks for a code from your authenticator app. {factor.recovery_codes_left} recovery codes left.
        </p>
      ) : (
        <p>Off: signing in asks for your password only.</p>
      )}
      {factor.required && <p>Operators must keep it on; another operator can reset it if you lose your device.</p>}
      {!factor.enrolled || enrolling ? (
        <Enrolment onEnrolled={enrolled} />
      ) : (
        <>
          <button type="button" className="secondary outline" onClick={() => setEnrolling(true)}>
            Set up on a new device
          </button>
          {!factor.required && (
            <form onSubmit={turnOff} className="narrow">
              <label>
                Code to turn it off (authentication or recovery code)
                <input name="code" autoComplete="one-time-code" maxLength={24} required />
              </label>
              {action.feedback}
              <button type="submit" className="secondary" aria-busy={action.busy} disabled={action.busy}>
                Turn off two-factor authentication
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

/** What an operator without a second factor sees after signing in, until enrolled. */
export function RequiredEnrolment({
  onEnrolled,
  onSignOut,
}: {
  onEnrolled: () => Promise<void>;
  onSignOut: () => void;
}) {
  return (
    <main className="container narrow" id="main">
      <article>
        <h1>Set up two-factor authentication</h1>
        <p>Operators run the whole platform, so the console asks them for a code at every sign-in.</p>
        <Enrolment onEnrolled={onEnrolled} />
        <p>
          <button type="button" className="secondary outline small" onClick={onSignOut}>
            Sign out
          </button>
        </p>
      </article>
    </main>
  );
}
