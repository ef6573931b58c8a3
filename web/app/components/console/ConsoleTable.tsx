import type { ReactNode } from 'react';

/** A console table: one header row naming the columns, then the rows the caller renders. */
export function ConsoleTable({ className, columns, children }: { className?: string; columns: readonly ReactNode[]; children: ReactNode }) {
  return (
    <table className={className}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th scope="col" key={index}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
