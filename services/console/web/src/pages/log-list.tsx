import { useState, type FormEvent, type ReactNode } from 'react';
import { get, projectPath } from '../api';
import { LoadState } from '../components';
import { useLoad } from '../hooks';
import { DataTable, type Column } from '../table';
import type { Project } from '../types';

// One log page (verifications, SMS messages, messenger codes): the filters every log has (status,
// number, creation date) and the query they become (the admin API reads the same names for each),
// the newest rows first, and the detail of the row picked.

export interface LogFilters {
  status: string;
  to: string;
  from: string;
  until: string;
}

const NONE: LogFilters = { status: '', to: '', from: '', until: '' };

function logQuery(filters: LogFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.to) params.set('to', filters.to.replace(/[\s()-]/g, ''));
  if (filters.from) params.set('from', filters.from);
  if (filters.until) params.set('until', filters.until);
  params.set('limit', '100');
  return `?${params.toString()}`;
}

/** The filters in force and the form that changes them (`onChange` runs after each change). */
function useLogFilters(what: string, statuses: readonly string[], onChange: () => void) {
  const [filters, setFilters] = useState<LogFilters>(NONE);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setFilters({
      status: String(data.get('status') ?? ''),
      to: String(data.get('to') ?? '').trim(),
      from: String(data.get('from') ?? ''),
      until: String(data.get('until') ?? ''),
    });
    onChange();
  };
  const form = (
    <form onSubmit={apply} className="filters" aria-label={`Filter ${what}`}>
      <label>
        Status
        <select name="status" defaultValue="">
          <option value="">any</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Number contains
        <input name="to" inputMode="tel" placeholder="+4477" />
      </label>
      <label>
        From (UTC day)
        <input name="from" type="date" />
      </label>
      <label>
        Until (UTC day, not included)
        <input name="until" type="date" />
      </label>
      <button type="submit">Filter</button>
    </form>
  );
  return { query: logQuery(filters), form };
}

/** The id cell of a log row: a button that opens (or shows open) the row's detail. */
function DetailButton({ sid, open, onOpen }: { sid: string; open: boolean; onOpen: () => void }) {
  return (
    <button type="button" className="link" onClick={onOpen} aria-expanded={open}>
      {sid}
    </button>
  );
}

export interface LogListProps<T extends { sid: string }> {
  project: Project;
  /** The heading, e.g. "SMS messages". */
  title: string;
  /** The rows in a sentence, e.g. "SMS messages" ("No SMS messages match."). */
  what: string;
  /** The admin route below the project (`/sms`) and the key of its rows in the answer (`messages`). */
  path: string;
  listKey: string;
  statuses: readonly string[];
  /** The header of the id column, whose cells open the detail. */
  idHeader: string;
  columns: readonly Column<T>[];
  detail: (row: T, close: () => void) => ReactNode;
}

export function LogList<T extends { sid: string }>(props: LogListProps<T>) {
  const { project, title, what, path, listKey } = props;
  const [selected, setSelected] = useState<string>();
  const { query, form } = useLogFilters(what, props.statuses, () => setSelected(undefined));
  const loaded = useLoad(
    () => get<Record<string, T[]>>(projectPath(project.id, `${path}${query}`)),
    `${project.id}${path}${query}`,
  );
  const open = loaded.data?.[listKey]?.find((row) => row.sid === selected);
  return (
    <>
      <h3>{title}</h3>
      {form}
      <LoadState loaded={loaded} empty={(d) => ((d[listKey] ?? []).length === 0 ? `No ${what} match.` : undefined)}>
        {(d) => (
          <DataTable
            rows={d[listKey] ?? []}
            rowKey={(row) => row.sid}
            columns={[
              {
                header: props.idHeader,
                cell: (row) => (
                  <DetailButton sid={row.sid} open={selected === row.sid} onOpen={() => setSelected(row.sid)} />
                ),
              },
              ...props.columns,
            ]}
          />
        )}
      </LoadState>
      {open && props.detail(open, () => setSelected(undefined))}
    </>
  );
}
