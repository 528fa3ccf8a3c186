import { ARREARS_STATES, type ArrearsState } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { downloadText, toCsv } from '../../app/download';
import { errorMessage } from '../../app/errors';
import { formatRand } from '../../app/format';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { TextField } from '../../ui/TextField';
import { ARREARS_CONTEXT, ArrearsQuery, RunDailyBillingMutation, type ArrearsList, type DailyRun } from './arrears.operations';
import { ArrearsTable } from './ArrearsTable';
import { STATE_LABELS } from './arrearsLabels';
import * as styles from './arrears.css';

type Filter = ArrearsState | 'all';

const CSV_COLUMNS = [
  'Policy Number',
  'Member',
  'Phone',
  'State',
  'Monthly Premium',
  'Arrears',
  'Months in Arrears',
  'Oldest Unpaid Due Date',
  'Paid Up To',
  'Grace Ends On',
  'Last Notice',
  'Notice Channel',
  'Lapsed On',
] as const;

function arrearsCsv(list: ArrearsList): string {
  return toCsv(
    CSV_COLUMNS,
    list.items.map((i) => ({
      'Policy Number': i.policyNumber,
      Member: i.memberName,
      Phone: i.memberPhone ?? '',
      State: STATE_LABELS[i.state],
      'Monthly Premium': i.monthlyPremium,
      Arrears: i.arrears,
      'Months in Arrears': i.monthsInArrears,
      'Oldest Unpaid Due Date': i.oldestUnpaidDueDate ?? '',
      'Paid Up To': i.paidUpTo ?? '',
      'Grace Ends On': i.graceEndsOn ?? '',
      'Last Notice': i.lastNoticeOn ?? '',
      'Notice Channel': i.lastNoticeChannel ?? '',
      'Lapsed On': i.lapsedOn ?? '',
    })),
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a run did, in a sentence per figure. */
export function runSummary(run: DailyRun): string[] {
  if (run.daysRun === 0) return [`Today (${run.lastDay ?? ''}) was run already: nothing new to do.`];
  return [
    `Ran ${run.daysRun} ${run.daysRun === 1 ? 'day' : 'days'} (${run.days[0]}${run.daysRun > 1 ? ` to ${run.days[run.days.length - 1]}` : ''}).`,
    `${count(run.premiumsFallenDue, 'premium', 'premiums')} fell due, ${count(run.noticesIssued, 'non-payment notice', 'non-payment notices')} issued, ${count(run.policiesLapsed, 'policy', 'policies')} lapsed, ${run.policiesReinstated} reinstated.`,
    ...(run.failed > 0 ? [`${count(run.failed, 'policy', 'policies')} could not be processed; the next run tries again.`] : []),
  ];
}

/** /arrears: the policies behind on their premiums today, by where they stand (issue #20), and the daily run. */
export function ArrearsPage() {
  const [searchText, setSearchText] = useState('');
  const [state, setState] = useState<Filter>('all');
  const search = useDebouncedValue(searchText.trim()) || null;
  const [result] = useQuery({ query: ArrearsQuery, variables: { state, search, first: 500 }, context: ARREARS_CONTEXT });
  const [run, runDailyBilling] = useMutation(RunDailyBillingMutation);
  const client = useClient();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = result.data?.arrears;
  const total = (s: Filter) => list?.totals.find((x) => x.state === s);

  /** Every matching row (the table shows the first 500), read when asked for. */
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    const all = await client.query(ArrearsQuery, { state, search, first: 5000 }, { requestPolicy: 'network-only' }).toPromise();
    setExporting(false);
    if (all.error || !all.data) setExportError(all.error ? errorMessage(all.error) : 'The export could not be read.');
    else downloadText(`arrears-${all.data.arrears.asOf}.csv`, arrearsCsv(all.data.arrears));
  };

  const options = (['all', ...ARREARS_STATES] as const).map((s) => ({ id: s, label: `${STATE_LABELS[s]} (${total(s)?.count ?? 0})` }));
  return (
    <div className={styles.page}>
      <PageHeader
        title="Arrears"
        description="Policies behind on their premiums today: in grace, lapsing, and lapsed this month."
        actions={
          <span className={styles.headerActions}>
            <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={!list || list.itemCount === 0 || exporting}>
              <Icon name="download" size={18} />
              Export CSV
            </Button>
            <Button onPress={() => void runDailyBilling({ input: {} }, ARREARS_CONTEXT)} isDisabled={run.fetching}>
              <Icon name="clock" size={18} />
              {run.fetching ? 'Running…' : 'Run daily billing'}
            </Button>
          </span>
        }
      />
      {exportError && (
        <div role="alert" className={styles.runError}>
          <span className={styles.strong}>The export failed</span>
          <span>{exportError}</span>
        </div>
      )}
      {run.error && (
        <div role="alert" className={styles.runError}>
          <span className={styles.strong}>The daily run failed</span>
          <span>{errorMessage(run.error)}</span>
        </div>
      )}
      {run.data && !run.error && (
        <div role="status" className={styles.runResult}>
          <span className={styles.strong}>Daily billing run done</span>
          {runSummary(run.data.runDailyBilling).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </div>
      )}
      <StatGrid label="Arrears totals">
        <StatCard
          label="In grace"
          value={String(total('in_grace')?.count ?? 0)}
          detail={formatRand(total('in_grace')?.arrears)}
          icon="clock"
          tone="warning"
        />
        <StatCard
          label="Lapsing today"
          value={String(total('lapsing_today')?.count ?? 0)}
          detail={formatRand(total('lapsing_today')?.arrears)}
          icon="alert"
          tone="danger"
        />
        <StatCard
          label="Lapsed this month"
          value={String(total('lapsed_this_month')?.count ?? 0)}
          detail={formatRand(total('lapsed_this_month')?.arrears)}
          icon="file"
          tone="neutral"
        />
        <StatCard
          label="Total arrears"
          value={formatRand(total('all')?.arrears)}
          detail={count(total('all')?.count ?? 0, 'policy', 'policies')}
          icon="card"
          tone="primary"
        />
      </StatGrid>
      <div className={styles.toolbar} role="search">
        <TextField
          label="Search arrears"
          labelHidden
          type="search"
          placeholder="Policy number or member"
          value={searchText}
          onChange={setSearchText}
        />
        <Select label="State" options={options} value={state} onChange={(value) => setState((value as Filter | null) ?? 'all')} />
      </div>
      {result.fetching && !list ? (
        <PageSpinner label="Loading arrears" />
      ) : result.error && !list ? (
        <EmptyState icon="alert" title="Arrears could not be loaded" text={errorMessage(result.error)} />
      ) : !list || list.items.length === 0 ? (
        <EmptyState
          icon="check"
          title={search || state !== 'all' ? 'No policies match' : 'No policies in arrears'}
          text={search || state !== 'all' ? 'Try another policy number or name, or another state.' : 'Every policy is paid up to today.'}
        />
      ) : (
        <>
          <ArrearsTable items={list.items} />
          <p className={styles.summary} aria-live="polite">
            Showing {list.items.length} of {list.itemCount} {list.itemCount === 1 ? 'policy' : 'policies'} (as of {list.asOf})
            {list.items.length < list.itemCount ? '; Export CSV has them all.' : ''}
          </p>
        </>
      )}
    </div>
  );
}
