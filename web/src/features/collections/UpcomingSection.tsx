import { createBatchSchemaOn } from '@fpa/write-model/validation';
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, errorMessage } from '../../app/errors';
import { formatDate, formatRand } from '../../app/format';
import { onToday, useSchemaForm } from '../../app/forms';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { count } from './collectionLabels';
import { COLLECTIONS_CONTEXT, CreateCollectionBatchMutation, type CollectionBatch, type UpcomingDebit } from './collections.operations';
import * as styles from './collections.css';

const batchSchema = onToday(createBatchSchemaOn);
const NO_DATE = { debitDate: '' };

/** Makes the batch for a date; answers the batch made (asking again for a date answers the same batch). */
function useCreateBatch(onCreated: (batch: CollectionBatch) => void) {
  const [state, create] = useMutation(CreateCollectionBatchMutation);
  const [error, setError] = useState<string | null>(null);
  const run = async (debitDate: string) => {
    setError(null);
    const result = await create({ input: { debitDate } }, COLLECTIONS_CONTEXT);
    if (result.error) {
      const message = errorMessage(result.error);
      setError(message);
      return { ok: false, message, issues: errorFieldIssues(result.error) };
    }
    if (result.data) onCreated(result.data.createCollectionBatch);
    return { ok: true, message: '', issues: {} };
  };
  return { run, error, fetching: state.fetching };
}

/** A date field for a batch on any debit date, checked with the server's schema. */
function CreateBatchForm({ onCreated }: { onCreated: (batch: CollectionBatch) => void }) {
  const form = useSchemaForm(batchSchema, NO_DATE);
  const { run, fetching } = useCreateBatch(onCreated);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input || fetching) return;
    // The server's refusal (no debit due that day) is about the date: shown under the field.
    const { ok, message, issues } = await run(input.debitDate);
    if (ok) form.reset();
    else form.setErrors(Object.keys(issues).length > 0 ? issues : { debitDate: message });
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create a batch for a date" className={styles.section}>
      <div className={styles.inlineForm}>
        <TextField label="Debit date" type="date" isRequired {...form.field('debitDate')} />
        <Button type="submit" variant="secondary" className={styles.inlineButton} isDisabled={fetching}>
          {fetching ? 'Creating...' : 'Create batch for date'}
        </Button>
      </div>
    </form>
  );
}

function UpcomingItem({
  debit,
  canCollect,
  onOpenBatch,
}: {
  debit: UpcomingDebit;
  canCollect: boolean;
  onOpenBatch: (batchId: string, debitDate: string) => void;
}) {
  const { run, error, fetching } = useCreateBatch((batch) => onOpenBatch(batch.id, batch.debitDate));
  return (
    <li className={styles.upcomingItem} aria-label={`Debit date ${debit.debitDate}`}>
      <span className={styles.upcomingDate}>{formatDate(debit.debitDate)}</span>
      <span className={styles.muted}>
        {count(debit.count, 'debit', 'debits')}, {formatRand(debit.amount)}
        {debit.batchId ? ' in its batch' : ' expected'}
      </span>
      {debit.batchId ? (
        <Button variant="secondary" size="sm" onPress={() => onOpenBatch(debit.batchId!, debit.debitDate)}>
          Open batch
        </Button>
      ) : (
        canCollect && (
          <Button size="sm" isDisabled={fetching} onPress={() => void run(debit.debitDate)}>
            {fetching ? 'Creating...' : 'Create batch'}
          </Button>
        )
      )}
      {error && (
        <span role="alert" className={styles.alert}>
          {error}
        </span>
      )}
    </li>
  );
}

/** The next two weeks' debit dates with what falls due on each, and a batch for any date. */
export function UpcomingSection({
  upcoming,
  canCollect,
  onOpenBatch,
}: {
  upcoming: readonly UpcomingDebit[];
  canCollect: boolean;
  onOpenBatch: (batchId: string, debitDate: string) => void;
}) {
  return (
    <section className={styles.section} aria-labelledby="collections-upcoming">
      <div className={styles.sectionHeader}>
        <h2 id="collections-upcoming" className={styles.sectionTitle}>
          Next debit dates
        </h2>
        <p className={styles.sectionNote}>The next 14 days: policies with a collectable debit order and a premium due.</p>
      </div>
      {upcoming.length === 0 ? (
        <p className={styles.muted}>No debit order falls due in the next 14 days.</p>
      ) : (
        <ul className={styles.upcoming} aria-label="Next debit dates">
          {upcoming.map((debit) => (
            <UpcomingItem key={debit.debitDate} debit={debit} canCollect={canCollect} onOpenBatch={onOpenBatch} />
          ))}
        </ul>
      )}
      {canCollect && <CreateBatchForm onCreated={(batch) => onOpenBatch(batch.id, batch.debitDate)} />}
    </section>
  );
}
