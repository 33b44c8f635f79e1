import { useState, type ReactNode } from 'react';
import type { ApiError } from './api';
import type { Loaded } from './hooks';

/** Loading, error and empty states, the same on every page. */
export function LoadState<T>({
  loaded,
  empty,
  children,
}: {
  loaded: Loaded<T>;
  empty?: (data: T) => string | undefined;
  children: (data: T) => ReactNode;
}) {
  if (loaded.error) return <ErrorNote error={loaded.error} onRetry={loaded.reload} />;
  if (loaded.data === undefined) return <p aria-busy="true">Loading…</p>;
  const emptyText = empty?.(loaded.data);
  if (emptyText) return <p className="empty">{emptyText}</p>;
  return <>{children(loaded.data)}</>;
}

export function ErrorNote({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  return (
    <div role="alert" className="error-note">
      <strong>
        {error.status === 403 ? 'Not allowed' : error.status === 404 ? 'Not found' : 'Something went wrong'}:
      </strong>{' '}
      {error.message}
      {onRetry && (
        <button type="button" className="secondary outline small" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** Shown when the platform has not got the admin route a page needs (it answered 404). */
export function NotAvailable({ what }: { what: string }) {
  return (
    <p className="not-available" role="status">
      {what} is not available on this platform yet.
    </p>
  );
}

/** A form action: runs `act`, shows its error or `done` message; the button is busy meanwhile. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [done, setDone] = useState<string>();
  const run = async (act: () => Promise<string | void>) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      const message = await act();
      if (message) setDone(message);
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const feedback = (
    <>
      {error && <ErrorNote error={error} />}
      {done && (
        <p role="status" className="done">
          {done}
        </p>
      )}
    </>
  );
  return { busy, run, feedback };
}

export function Time({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  const date = new Date(value);
  return <time dateTime={value}>{date.toISOString().replace('T', ' ').slice(0, 19)} UTC</time>;
}

export function Badge({ value }: { value: string }) {
  return <span className={`badge badge-${value}`}>{value}</span>;
}

export function ReadOnlyNote({ canWrite }: { canWrite: boolean }) {
  if (canWrite) return null;
  return <p className="read-only">Your role can view this page but not change it.</p>;
}
