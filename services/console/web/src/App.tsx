import { useEffect, useState } from 'react';
import { ApiError, del, get, rememberCsrf } from './api';
import { ErrorNote } from './components';
import { go, useLoad, useRoute } from './hooks';
import { Carriers } from './operator/Carriers';
import { FraudBlocks } from './operator/FraudBlocks';
import { People } from './operator/People';
import { SenderQueue } from './operator/SenderQueue';
import { Account } from './pages/Account';
import { ApiKeys } from './pages/ApiKeys';
import { Ledger } from './pages/Ledger';
import { Logs } from './pages/Logs';
import { Members } from './pages/Members';
import { Overview } from './pages/Overview';
import { Projects } from './pages/Projects';
import { RequiredEnrolment } from './pages/SecondFactor';
import { SenderIds } from './pages/SenderIds';
import { Settings } from './pages/Settings';
import { SignIn } from './pages/SignIn';
import { Webhooks } from './pages/Webhooks';
import type { Project, Session } from './types';

const PROJECT_PAGES = [
  { path: 'overview', label: 'Overview' },
  { path: 'api-keys', label: 'API keys' },
  { path: 'sender-ids', label: 'Sender IDs' },
  { path: 'settings', label: 'Settings' },
  { path: 'logs', label: 'Logs' },
  { path: 'webhooks', label: 'Webhooks' },
  { path: 'ledger', label: 'Ledger' },
  { path: 'members', label: 'Members' },
] as const;

const OPERATOR_PAGES = [
  { path: 'sender-id-queue', label: 'Sender ID queue' },
  { path: 'fraud-blocks', label: 'Fraud blocks' },
  { path: 'carriers', label: 'Carriers' },
  { path: 'people', label: 'People' },
] as const;

export function App() {
  const [session, setSession] = useState<Session | null>();
  const [error, setError] = useState<ApiError>();
  const refresh = () =>
    get<Session>('/session')
      .then((s) => {
        rememberCsrf(s.csrf_token);
        setSession(s);
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 401) setSession(null);
        else setError(e as ApiError);
      });
  useEffect(() => {
    void refresh();
  }, []);

  if (error)
    return (
      <main className="container">
        <ErrorNote error={error} onRetry={() => window.location.reload()} />
      </main>
    );
  if (session === undefined)
    return (
      <main className="container" aria-busy="true">
        Loading…
      </main>
    );
  if (session === null) return <SignIn onSignedIn={refresh} />;
  // Nothing else answers an operator without a second factor (SECOND_FACTOR_REQUIRED).
  if (session.second_factor.required && !session.second_factor.enrolled) {
    const signOut = async () => {
      await del('/session').catch(() => undefined);
      setSession(null);
    };
    return <RequiredEnrolment onEnrolled={refresh} onSignOut={() => void signOut()} />;
  }
  return <Shell session={session} onSignedOut={() => setSession(null)} onSessionChanged={refresh} />;
}

function Shell({
  session,
  onSignedOut,
  onSessionChanged,
}: {
  session: Session;
  onSignedOut: () => void;
  onSessionChanged: () => Promise<void>;
}) {
  const route = useRoute();
  const [section, projectId, page] = route;
  const signOut = async () => {
    await del('/session').catch(() => undefined);
    go('/');
    onSignedOut();
  };
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="container-fluid topbar">
        <nav aria-label="Account">
          <ul>
            <li>
              <a href="#/projects" className="brand">
                <strong>OTP console</strong>
              </a>
            </li>
          </ul>
          <ul>
            <li>
              <a href="#/account">{session.user.email}</a>
              {session.user.operator && <span className="badge badge-operator">operator</span>}
            </li>
            <li>
              <button type="button" className="secondary outline small" onClick={() => void signOut()}>
                Sign out
              </button>
            </li>
          </ul>
        </nav>
        {session.user.operator && (
          <nav aria-label="Operator" className="subnav">
            <ul>
              <li>
                <a href="#/projects" aria-current={section === 'projects' && !projectId ? 'page' : undefined}>
                  All projects
                </a>
              </li>
              {OPERATOR_PAGES.map((p) => (
                <li key={p.path}>
                  <a
                    href={`#/operator/${p.path}`}
                    aria-current={section === 'operator' && projectId === p.path ? 'page' : undefined}
                  >
                    {p.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="container" tabIndex={-1}>
        <Page route={route} session={session} onSessionChanged={onSessionChanged} />
        {section === 'projects' && projectId && !page && <Redirect to={`/projects/${projectId}/overview`} />}
      </main>
    </>
  );
}

function Redirect({ to }: { to: string }) {
  useEffect(() => go(to), [to]);
  return null;
}

function Page({
  route,
  session,
  onSessionChanged,
}: {
  route: string[];
  session: Session;
  onSessionChanged: () => Promise<void>;
}) {
  const [section, second, third] = route;
  if (section === 'account') return <Account session={session} onSessionChanged={onSessionChanged} />;
  if (section === 'operator' && session.user.operator) {
    if (second === 'sender-id-queue') return <SenderQueue />;
    if (second === 'fraud-blocks') return <FraudBlocks />;
    if (second === 'carriers') return <Carriers />;
    if (second === 'people') return <People />;
  }
  if (section === 'projects' && second) return <ProjectPages projectId={second} page={third ?? 'overview'} />;
  return <Projects session={session} />;
}

function ProjectPages({ projectId, page }: { projectId: string; page: string }) {
  const loaded = useLoad(() => get<Project>(`/projects/${encodeURIComponent(projectId)}`), projectId);
  const current = PROJECT_PAGES.find((p) => p.path === page) ?? PROJECT_PAGES[0];
  useEffect(() => {
    document.title = `${current.label} · ${loaded.data?.name ?? 'project'} · OTP console`;
  }, [current.label, loaded.data?.name]);
  if (loaded.error) return <ErrorNote error={loaded.error} onRetry={loaded.reload} />;
  const project = loaded.data;
  if (!project) return <p aria-busy="true">Loading…</p>;
  const can = (permission: Project['your_permissions'][number]) => project.your_permissions.includes(permission);
  const props = { project, can, reloadProject: loaded.reload };
  return (
    <>
      <hgroup>
        <h1>{project.name}</h1>
        <p>
          <code>{project.id}</code> · balance <strong data-testid="balance">{project.balance} USD</strong>
        </p>
      </hgroup>
      <nav aria-label="Project pages" className="tabs">
        <ul>
          {PROJECT_PAGES.map((p) => (
            <li key={p.path}>
              <a
                href={`#/projects/${project.id}/${p.path}`}
                aria-current={p.path === current.path ? 'page' : undefined}
              >
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="page-title">
        <h2 id="page-title">{current.label}</h2>
        {current.path === 'overview' && <Overview {...props} />}
        {current.path === 'api-keys' && <ApiKeys {...props} />}
        {current.path === 'sender-ids' && <SenderIds {...props} />}
        {current.path === 'settings' && <Settings {...props} />}
        {current.path === 'logs' && <Logs {...props} />}
        {current.path === 'webhooks' && <Webhooks {...props} />}
        {current.path === 'ledger' && <Ledger {...props} />}
        {current.path === 'members' && <Members {...props} />}
      </section>
    </>
  );
}
