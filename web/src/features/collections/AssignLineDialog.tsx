import {
  assignStatementLineSchema,
  centsToDecimal,
  decimalToCents,
  fieldErrors,
  isDecimalString,
  STATEMENT_MESSAGES,
  type AssignStatementLineInput,
} from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid } from '../../app/forms';
import { formatDate, formatRand } from '../../app/format';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { TextField } from '../../ui/TextField';
import { PolicyPicker } from '../policies/PolicyPicker';
import { AssignStatementLineMutation, STATEMENT_CONTEXT, type LineSuggestion, type UnmatchedLine } from './statement.operations';
import * as styles from './collections.css';
import * as local from './statement.css';

/** One (policy, amount) of a split; a policy from a suggestion keeps its number to show. */
export type AllocationRow = { key: number; policyId: string; policyNumber: string | null; amount: string };

const cents = (amount: string) => (isDecimalString(amount.trim()) ? decimalToCents(amount.trim()) : 0n);

/** What is left of the line once the other rows are counted (never below nothing). */
function remaining(line: UnmatchedLine, rows: readonly AllocationRow[], except: number | null): string {
  const used = rows.filter((r) => r.key !== except).reduce((sum, r) => sum + cents(r.amount), 0n);
  const left = decimalToCents(line.amount) - used;
  return centsToDecimal(left > 0n ? left : 0n);
}

/**
 * The shared assignStatementLineSchema, then the rule it leaves to the line (it does not know the
 * line's amount): the amounts must add up to it, in the server's own words.
 */
export function checkAssignment(
  line: UnmatchedLine,
  rows: readonly AllocationRow[],
  note: string,
): { input: AssignStatementLineInput } | { errors: Record<string, string>; total?: string } {
  const parsed = assignStatementLineSchema.safeParse({
    line: line.line,
    allocations: rows.map((r) => ({ policyId: r.policyId, amount: r.amount })),
    note,
  });
  if (!parsed.success) return { errors: fieldErrors(parsed.error) };
  const sum = parsed.data.allocations.reduce((total, a) => total + decimalToCents(a.amount), 0n);
  if (sum !== decimalToCents(line.amount)) return { errors: {}, total: STATEMENT_MESSAGES.allocationsTotal(line.amount) };
  return { input: parsed.data };
}

function SuggestionButtons({ suggestions, onUse }: { suggestions: readonly LineSuggestion[]; onUse: (s: LineSuggestion) => void }) {
  if (suggestions.length === 0) return null;
  return (
    <div className={local.suggestions}>
      <span className={styles.secondary}>Suggested (nothing is applied until you save):</span>
      <ul className={local.suggestionList}>
        {suggestions.map((s) => (
          <li key={s.policyId} className={local.suggestionItem}>
            <Button variant="secondary" size="sm" onPress={() => onUse(s)} aria-label={`Use ${s.policyNumber}`}>
              <Icon name="plus" size={16} />
              {s.policyNumber}
            </Button>
            <span className={styles.secondary}>{s.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

let nextKey = 1;
const row = (policyId = '', policyNumber: string | null = null, amount = ''): AllocationRow => ({
  key: nextKey++,
  policyId,
  policyNumber,
  amount,
});

/** The row the dialog opens with: the whole credit, on the suggestion the clerk clicked if any. */
export function initialRows(line: UnmatchedLine, suggestion: LineSuggestion | null): AllocationRow[] {
  return [suggestion ? row(suggestion.policyId, suggestion.policyNumber, line.amount) : row('', null, line.amount)];
}

export function AssignLineForm({
  line,
  suggestion = null,
  onDone,
  onCancel,
}: {
  line: UnmatchedLine;
  suggestion?: LineSuggestion | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { toast } = useToast();
  const [rows, setRows] = useState<AllocationRow[]>(() => initialRows(line, suggestion));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [total, setTotal] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, assign] = useMutation(AssignStatementLineMutation);

  const update = (key: number, change: Partial<AllocationRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
    const index = rows.findIndex((r) => r.key === key);
    setErrors((all) => {
      const next = { ...all };
      for (const field of Object.keys(change)) delete next[`allocations.${index}.${field === 'policyNumber' ? 'policyId' : field}`];
      return next;
    });
    setTotal(null);
  };
  const add = () => {
    setRows((all) => [...all, row('', null, remaining(line, all, null))]);
    setTotal(null);
  };
  const remove = (key: number) => {
    setRows((all) => all.filter((r) => r.key !== key));
    setErrors({});
    setTotal(null);
  };
  /** A suggestion fills the first row without a policy (with what is left), or a new row. */
  const use = (s: LineSuggestion) => {
    if (rows.some((r) => r.policyId === s.policyId)) return;
    const empty = rows.find((r) => r.policyId === '');
    if (empty)
      update(empty.key, { policyId: s.policyId, policyNumber: s.policyNumber, amount: empty.amount || remaining(line, rows, empty.key) });
    else setRows((all) => [...all, row(s.policyId, s.policyNumber, remaining(line, all, null))]);
    setTotal(null);
  };

  const allocated = centsToDecimal(rows.reduce((sum, r) => sum + cents(r.amount), 0n));
  const left = decimalToCents(line.amount) - decimalToCents(allocated);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAssignment(line, rows, note);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setTotal(checked.total ?? checked.errors.allocations ?? null);
      return focusFirstInvalid(formRef.current);
    }
    if (saving) return;
    const result = await assign({ id: line.statementId, input: checked.input }, STATEMENT_CONTEXT);
    if (result.error) {
      setErrors(errorFieldIssues(result.error));
      setTotal(serverMessageOr(result.error, 'The credit could not be assigned'));
      return;
    }
    toast({ title: 'Credit assigned', description: `${formatRand(line.amount)} paid as premium` });
    onDone();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Assign the credit">
      <LineSummary line={line} />
      <SuggestionButtons suggestions={line.suggestions} onUse={use} />
      <ol className={local.allocations} aria-label="Policies paid">
        {rows.map((r, i) => {
          const label = rows.length > 1 ? `Policy ${i + 1}` : 'Policy';
          return (
            <li key={r.key} className={local.allocation} aria-label={label}>
              <div className={local.allocationPolicy}>
                {r.policyNumber ? (
                  <div className={local.chosen}>
                    <span className={styles.secondary}>{label}</span>
                    <span className={local.chosenRow}>
                      <span className={styles.strong}>{r.policyNumber}</span>
                      <Button variant="ghost" size="sm" onPress={() => update(r.key, { policyId: '', policyNumber: null })}>
                        Change
                      </Button>
                    </span>
                  </div>
                ) : (
                  <PolicyPicker
                    excludeSchemes
                    label={label}
                    value={r.policyId}
                    onChange={(policyId) => update(r.key, { policyId })}
                    errorMessage={errors[`allocations.${i}.policyId`]}
                  />
                )}
              </div>
              <TextField
                label="Amount (R)"
                labelPrefix={rows.length > 1 ? `${label}:` : undefined}
                isRequired
                inputMode="decimal"
                autoComplete="off"
                className={local.allocationAmount}
                value={r.amount}
                onChange={(amount) => update(r.key, { amount })}
                errorMessage={errors[`allocations.${i}.amount`]}
              />
              {rows.length > 1 && (
                <Button
                  variant="ghost"
                  size="icon"
                  className={local.allocationRemove}
                  aria-label={`Remove ${label.toLowerCase()}`}
                  onPress={() => remove(r.key)}
                >
                  <Icon name="trash" size={18} />
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      <div className={local.totals}>
        <Button variant="secondary" size="sm" onPress={add} isDisabled={rows.length >= 20}>
          <Icon name="plus" size={16} />
          Split over another policy
        </Button>
        <span className={styles.number} aria-live="polite">
          {formatRand(allocated)} of {formatRand(line.amount)}
          {left !== 0n && (
            <span className={styles.secondary}>{left > 0n ? `${formatRand(centsToDecimal(left))} left` : 'more than the credit'}</span>
          )}
        </span>
      </div>
      {total && (
        <div role="alert" className={styles.alert}>
          {total}
        </div>
      )}
      <TextField label="Note" description="Optional: why this credit is theirs" multiline value={note} onChange={setNote} />
      <div className={styles.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Assign Credit'}
        </Button>
      </div>
    </form>
  );
}

/** The credit the dialog decides on: date, amount and what the bank wrote. */
export function LineSummary({ line }: { line: UnmatchedLine }) {
  return (
    <dl className={styles.figures}>
      <div>
        <dt className={styles.figureLabel}>Date</dt>
        <dd className={styles.figureValue}>{formatDate(line.date)}</dd>
      </div>
      <div>
        <dt className={styles.figureLabel}>Amount</dt>
        <dd className={styles.figureValue}>{formatRand(line.amount)}</dd>
      </div>
      <div>
        <dt className={styles.figureLabel}>Description</dt>
        <dd className={styles.figureValue}>{line.description || '—'}</dd>
      </div>
      <div>
        <dt className={styles.figureLabel}>Reference</dt>
        <dd className={styles.figureValue}>{line.reference || '—'}</dd>
      </div>
    </dl>
  );
}

/** Assign: the credit put on one or more policies, amounts adding up to it. */
export function AssignLineDialog({
  line,
  suggestion,
  onClose,
  onDone,
}: {
  line: UnmatchedLine;
  suggestion: LineSuggestion | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} size="wide">
      <Dialog title={`Assign the credit of ${formatRand(line.amount)}`}>
        <AssignLineForm line={line} suggestion={suggestion} onDone={onDone} onCancel={onClose} />
      </Dialog>
    </Modal>
  );
}
