import type { ReactNode } from 'react';

// One table markup for every list of the console: scrollable on a phone, headers as column
// headers, one row per item keyed by its id.

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Class of the column's cells (`num`: figures aligned right). */
  className?: string;
}

export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
}: {
  rows: readonly T[];
  /** `false` entries are left out (a column only some roles see). */
  columns: readonly (Column<T> | false)[];
  rowKey: (row: T, index: number) => string;
  /** The table's accessible name, when the heading above does not give it one. */
  label?: string;
}) {
  const shown = columns.filter((c): c is Column<T> => c !== false);
  return (
    <div className="table-wrap">
      <table aria-label={label}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {shown.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
