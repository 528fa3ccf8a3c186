import type { RowProblem } from './csv';
import * as styles from './bulkUpload.css';

/** Enough rows to fix a file by; listing 50,000 would only slow the dialog down. */
export const SHOWN_PROBLEM_ROWS = 100;

export type RowProblemListProps = {
  /** After the count: '{n} rows have validation errors'. */
  title: string;
  problems: readonly RowProblem[];
};

/** The rows with problems, by their spreadsheet row number, each with its messages. */
export function RowProblemList({ title, problems }: RowProblemListProps) {
  const shown = problems.slice(0, SHOWN_PROBLEM_ROWS);
  return (
    <div className={styles.problemBox}>
      <p className={styles.problemTitle}>
        {problems.length} {title}
      </p>
      <ul className={styles.list} aria-label={`${problems.length} ${title}`}>
        {shown.map((problem) => (
          <li key={problem.rowNumber}>
            <strong>Row {problem.rowNumber}:</strong> {problem.errors.join('; ')}
          </li>
        ))}
      </ul>
      {problems.length > shown.length && <p className={styles.hint}>…and {problems.length - shown.length} more rows.</p>}
    </div>
  );
}
