import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/** Loads `read` when `key` changes; `reload()` runs it again. */
export function useLoad<T>(read: () => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiError>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    read()
      .then((value) => {
        if (!current) return;
        setData(value);
        setError(undefined);
      })
      .catch((e: unknown) => {
        if (!current) return;
        setError(e instanceof ApiError ? e : new ApiError(0, 'ERROR', String(e)));
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // `read` is a new closure each render; `key` says when what it reads changed.
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, loading, reload };
}

/** The hash route: `#/projects/prj_1/keys` -> ['projects', 'prj_1', 'keys']. */
export function useRoute(): string[] {
  const read = () => window.location.hash.replace(/^#\/?/, '').split('?')[0]!.split('/').filter(Boolean);
  const [parts, setParts] = useState(read);
  useEffect(() => {
    const changed = () => setParts(read());
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return parts;
}

export function go(path: string): void {
  window.location.hash = path;
}
