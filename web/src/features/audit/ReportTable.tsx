import { Cell, DataTable } from '../../ui/DataTable';
import * as styles from './audit.css';

export type ReportTableProps = {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** Said instead of an empty table. */
  emptyText: string;
};

/** A compliance report's rows as a table (the first column leads each row's card on a phone). */
export function ReportTable({ caption, columns, rows, emptyText }: ReportTableProps) {
  if (rows.length === 0) return <p className={styles.muted}>{emptyText}</p>;
  return (
    <DataTable caption={caption} columns={columns}>
      {rows.map((row, index) => (
        <tr key={`${row[0]}-${index}`}>
          {row.map((value, column) => (
            <Cell key={columns[column]} label={columns[column]!} lead={column === 0}>
              {value}
            </Cell>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
