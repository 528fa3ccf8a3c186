import { useRef, type ReactNode } from 'react';
import * as styles from './DataTable.css';
import { cx } from './cx';
import { useOverflowing } from './useOverflowing';
import { visuallyHidden } from './visuallyHidden.css';

export type DataTableProps = {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: readonly string[];
  children: ReactNode;
};

/**
 * A native table (its rows hold buttons and selects, which a grid role would take keyboard focus
 * from). Rows become cards on a phone; each Cell repeats its column name there.
 */
export function DataTable({ caption, columns, children }: DataTableProps) {
  const frame = useRef<HTMLDivElement>(null);
  // When the columns are wider than the frame, it scrolls: a keyboard user reaches it by Tab and scrolls with the arrows.
  const scrolls = useOverflowing(frame);
  return (
    <div
      ref={frame}
      className={styles.frame}
      {...(scrolls ? { role: 'region', 'aria-label': `${caption} (scrolls sideways)`, tabIndex: 0 } : {})}
    >
      <table className={styles.table}>
        <caption className={visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export type CellProps = {
  /** The column name, shown before the value when rows are cards. */
  label: string;
  /** The row's title cell: on a phone it heads the card instead of carrying a label. */
  lead?: boolean;
  className?: string;
  children?: ReactNode;
};

export function Cell({ label, lead, className, children }: CellProps) {
  return (
    <td data-label={label} className={cx(lead && styles.leadCell, className)}>
      {children}
    </td>
  );
}

export const cellActions = styles.actions;
