import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatRand } from '../../app/format';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { AssignLineDialog } from './AssignLineDialog';
import { DismissLineDialog } from './DismissLineDialog';
import { count } from './collectionLabels';
import { CollectionUnmatchedQuery, STATEMENT_CONTEXT, type LineSuggestion, type UnmatchedLine } from './statement.operations';
import * as styles from './collections.css';
import * as local from './statement.css';

const COLUMNS = ['Date', 'Amount', 'Description', 'Suggestions', 'Actions'] as const;

type Decision = { kind: 'assign'; line: UnmatchedLine; suggestion: LineSuggestion | null } | { kind: 'dismiss'; line: UnmatchedLine };

function Suggestions({
  line,
  canCollect,
  onUse,
}: {
  line: UnmatchedLine;
  canCollect: boolean;
  onUse: (suggestion: LineSuggestion) => void;
}) {
  if (line.suggestions.length === 0) return <span className={styles.secondary}>None</span>;
  return (
    <ul className={local.queueSuggestions} aria-label={`Suggestions for line ${line.line}`}>
      {line.suggestions.map((s) => (
        <li key={s.policyId} className={local.suggestionItem}>
          {canCollect ? (
            // One click opens the Assign form filled in; nothing is paid until the clerk saves it.
            <Button variant="secondary" size="sm" onPress={() => onUse(s)} aria-label={`Assign to ${s.policyNumber}`}>
              {s.policyNumber}
            </Button>
          ) : (
            <span className={styles.strong}>{s.policyNumber}</span>
          )}
          <span className={styles.secondary}>{s.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The unmatched queue: statement credits no policy number or mandate reference placed, oldest
 * first, with the suggestions (surname and premium) that are never applied by themselves. Those who
 * collect assign a credit (split if need be) or mark it not a premium; the queue is read again after each.
 */
export function UnmatchedSection({ canCollect }: { canCollect: boolean }) {
  const client = useClient();
  const [queue] = useQuery({ query: CollectionUnmatchedQuery, context: STATEMENT_CONTEXT });
  const [decision, setDecision] = useState<Decision | null>(null);
  const lines = queue.data?.collectionUnmatched ?? [];

  const done = () => {
    setDecision(null);
    void client.query(CollectionUnmatchedQuery, {}, { ...STATEMENT_CONTEXT, requestPolicy: 'network-only' }).toPromise();
  };

  return (
    <section className={styles.section} aria-labelledby="collections-unmatched">
      <div className={styles.sectionHeader}>
        <h2 id="collections-unmatched" className={styles.sectionTitle}>
          Unmatched credits
        </h2>
        <p className={styles.sectionNote}>
          {lines.length > 0 ? `${count(lines.length, 'credit waits', 'credits wait')} for a decision. ` : ''}A suggestion is only a guess:
          check it before you assign.
        </p>
      </div>
      {queue.error && !queue.data ? (
        <p role="alert" className={styles.alert}>
          {errorMessage(queue.error)}
        </p>
      ) : lines.length === 0 ? (
        <p className={styles.muted}>{queue.fetching ? 'Loading the queue...' : 'No unmatched credit: every statement line is placed.'}</p>
      ) : (
        <DataTable caption="Unmatched credits" columns={COLUMNS}>
          {lines.map((line) => (
            <tr key={`${line.statementId}-${line.line}`}>
              <Cell label="Date" lead className={styles.nowrap}>
                <span>
                  <span className={styles.strong}>{formatDate(line.date)}</span>
                  <span className={styles.secondary}>line {line.line}</span>
                </span>
              </Cell>
              <Cell label="Amount" className={styles.number}>
                {formatRand(line.amount)}
              </Cell>
              <Cell label="Description" className={styles.wrapAnywhere}>
                <span>
                  {line.description || '—'}
                  {line.reference && <span className={styles.secondary}>Ref {line.reference}</span>}
                </span>
              </Cell>
              <Cell label="Suggestions">
                <Suggestions line={line} canCollect={canCollect} onUse={(s) => setDecision({ kind: 'assign', line, suggestion: s })} />
              </Cell>
              <Cell label="Actions">
                {canCollect ? (
                  <span className={styles.rowActions}>
                    <Button size="sm" onPress={() => setDecision({ kind: 'assign', line, suggestion: null })}>
                      Assign
                    </Button>
                    <Button variant="secondary" size="sm" onPress={() => setDecision({ kind: 'dismiss', line })}>
                      Not a premium
                    </Button>
                  </span>
                ) : (
                  <span className={styles.secondary}>Waiting</span>
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {decision?.kind === 'assign' && (
        <AssignLineDialog line={decision.line} suggestion={decision.suggestion} onClose={() => setDecision(null)} onDone={done} />
      )}
      {decision?.kind === 'dismiss' && <DismissLineDialog line={decision.line} onClose={() => setDecision(null)} onDone={done} />}
    </section>
  );
}
