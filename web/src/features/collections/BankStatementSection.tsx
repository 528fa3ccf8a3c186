import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useClient, useQuery } from 'urql';
import { formatDate } from '../../app/format';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { count } from './collectionLabels';
import { columnsRequest, importStatementFile, type StatementImport } from './statement.api';
import {
  BankStatementsQuery,
  CollectionUnmatchedQuery,
  STATEMENT_CONTEXT,
  StatementColumnsQuery,
  type BankStatement,
} from './statement.operations';
import { StatementColumnsForm } from './StatementColumnsForm';
import * as styles from './collections.css';

const COLUMNS = ['Statement', 'Imported', 'Credits', 'Matched', 'Unmatched', 'Already Taken In', 'Debits Ignored'] as const;

/** One sentence for what a statement did. */
export function statementSummary(answer: StatementImport): string {
  const suggested = answer.suggested > 0 ? ` (${answer.suggested} with a suggestion)` : '';
  return `${count(answer.credits, 'credit', 'credits')}: ${answer.matched} matched and paid, ${answer.unmatched} to the unmatched queue${suggested}, ${answer.duplicates} already taken in; ${count(answer.debitsIgnored, 'debit', 'debits')} ignored.`;
}

function StatementRow({ statement }: { statement: BankStatement }) {
  return (
    <tr>
      <Cell label="Statement" lead className={styles.wrapAnywhere}>
        <span>
          <span className={styles.strong}>{statement.fileName ?? 'Bank statement'}</span>
          <span className={styles.secondary}>{statement.format.toUpperCase()}</span>
        </span>
      </Cell>
      <Cell label="Imported" className={styles.number}>
        {formatDate(statement.importedOn)}
      </Cell>
      <Cell label="Credits" className={styles.number}>
        {statement.credits}
      </Cell>
      <Cell label="Matched" className={styles.number}>
        {statement.matched}
      </Cell>
      <Cell label="Unmatched" className={styles.number}>
        {statement.unmatched}
      </Cell>
      <Cell label="Already Taken In" className={styles.number}>
        {statement.duplicates}
      </Cell>
      <Cell label="Debits Ignored" className={styles.number}>
        {statement.debitsIgnored}
      </Cell>
    </tr>
  );
}

type Mapping = { headers: string[]; asked: boolean };

/**
 * The bank statement (CSV through the company's column mapping, or OFX), sent as it is through REST:
 * what it did, the mapping form when the server asks for one (or when the clerk opens it), and the
 * last 50 statements taken in.
 */
export function BankStatementSection({ canCollect, onImported }: { canCollect: boolean; onImported: () => void }) {
  const client = useClient();
  const [statements] = useQuery({ query: BankStatementsQuery, context: STATEMENT_CONTEXT });
  const [saved] = useQuery({ query: StatementColumnsQuery, context: STATEMENT_CONTEXT, pause: !canCollect });
  const [sending, setSending] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ fileName: string; result: StatementImport } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [lastFile, setLastFile] = useState<File | null>(null);
  const list = statements.data?.bankStatements ?? [];

  const refresh = () => {
    const again = { ...STATEMENT_CONTEXT, requestPolicy: 'network-only' as const };
    for (const query of [BankStatementsQuery, CollectionUnmatchedQuery]) void client.query(query, {}, again).toPromise();
    onImported();
  };

  const send = async (file: File) => {
    setSending(file.name);
    setAnswer(null);
    setError(null);
    setLastFile(file);
    try {
      setAnswer({ fileName: file.name, result: await importStatementFile(file) });
      setMapping(null);
      refresh();
    } catch (e) {
      const message = e instanceof Error ? e.message : 'The statement could not be imported';
      const asked = columnsRequest(message);
      if (asked) setMapping({ headers: asked.headers, asked: true });
      setError(message);
    } finally {
      setSending(null);
    }
  };

  const onColumnsSaved = () => {
    const retry = mapping?.asked ? lastFile : null;
    setMapping(null);
    void client.query(StatementColumnsQuery, {}, { ...STATEMENT_CONTEXT, requestPolicy: 'network-only' }).toPromise();
    if (retry) void send(retry);
  };

  return (
    <section className={styles.section} aria-labelledby="collections-statement">
      <div className={styles.sectionHeader}>
        <h2 id="collections-statement" className={styles.sectionTitle}>
          Bank statement
        </h2>
        <p className={styles.sectionNote}>
          Credits with a policy number or mandate reference are paid at once; the rest wait below. The same line twice is taken once.
        </p>
      </div>
      {canCollect && (
        <div className={styles.rowActions}>
          <FileTrigger
            acceptedFileTypes={['text/csv', '.csv', 'text/plain', '.txt', '.ofx', '.qfx', 'application/x-ofx']}
            onSelect={(files) => files?.[0] && void send(files[0])}
          >
            <Button isDisabled={sending !== null}>
              <Icon name="upload" size={18} />
              {sending ? `Importing ${sending}...` : 'Import statement'}
            </Button>
          </FileTrigger>
          <Button
            variant="secondary"
            isDisabled={saved.fetching && !saved.data}
            onPress={() => setMapping(mapping ? null : { headers: [], asked: false })}
          >
            <Icon name="gear" size={18} />
            Statement columns
          </Button>
        </div>
      )}
      {answer && (
        <div role="status" className={styles.success}>
          <span className={styles.strong}>Imported {answer.fileName}</span>
          <span>{statementSummary(answer.result)}</span>
        </div>
      )}
      {error && (
        <div role="alert" className={mapping?.asked ? styles.warning : styles.alert}>
          <span className={styles.strong}>
            {mapping?.asked ? 'Choose the columns, then the statement is imported' : 'The statement was refused; nothing was applied'}
          </span>
          <span className={styles.wrapAnywhere}>{error}</span>
        </div>
      )}
      {canCollect && mapping && (
        <div className={styles.panel}>
          <StatementColumnsForm
            // A new header row (another refusal) starts the form again.
            key={mapping.headers.join('\u0000')}
            saved={saved.data?.statementColumns ?? null}
            headers={mapping.headers}
            onSaved={onColumnsSaved}
            onCancel={() => setMapping(null)}
          />
        </div>
      )}
      {list.length === 0 ? (
        <p className={styles.muted}>No bank statement imported yet.</p>
      ) : (
        <DataTable caption="Bank statements taken in" columns={COLUMNS}>
          {list.map((statement) => (
            <StatementRow key={statement.statementId} statement={statement} />
          ))}
        </DataTable>
      )}
    </section>
  );
}
