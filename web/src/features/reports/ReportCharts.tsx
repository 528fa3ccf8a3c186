import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatRand } from '../../app/format';
import { tokens } from '../../theme/tokens';
import { EmptyState } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { ChartFigure } from './ChartFigure';
import { formatCard, monthLabel, statusLabel } from './reportFormat';
import { REPORTS_CONTEXT, ReportChartsQuery, type ReportCharts as Charts } from './reports.operations';
import * as styles from './reports.css';

const MONTHS = 12;
// The size drawn before the container has been measured (and where nothing measures it).
const FIRST_SIZE = { width: 480, height: 240 };
const { color } = tokens;
const STATUS_COLOURS: Record<string, string> = {
  active: color.success,
  lapsed: color.warning,
  cancelled: color.danger,
  submitted: color.focus,
  under_review: color.warning,
  approved: color.primary,
  rejected: color.danger,
  sent_to_underwriter: color.navyRaised,
  paid: color.success,
};
const axis = { fontSize: 12, fill: color.textMuted };
const rand = (value: unknown) => formatRand(String(value));
const months = (figures: Charts['claimsPerMonth']) =>
  figures.map((f) => ({ ...f, label: monthLabel(f.month), value: Number(f.amount ?? 0) }));

/** The reports page's charts: money and intake per month, and where policies and claims stand. */
export function ReportChartsSection() {
  const [result] = useQuery({ query: ReportChartsQuery, variables: { months: MONTHS }, context: REPORTS_CONTEXT });
  const charts = result.data?.reportCharts;
  return (
    <section aria-labelledby="report-charts" className={styles.page}>
      <h2 id="report-charts" className={styles.chartsTitle}>
        Charts
      </h2>
      {!charts ? (
        result.error ? (
          <EmptyState icon="alert" title="Charts could not be loaded" text={errorMessage(result.error)} />
        ) : (
          <PageSpinner label="Loading charts" />
        )
      ) : (
        <div className={styles.charts}>
          <PremiumsChart data={charts.premiumsCollected} />
          <MemberGrowthChart data={charts.memberGrowth} />
          <StatusPie title="Policies by status" note="Every policy by its status now." data={charts.policiesByStatus} />
          <ClaimsByStatusChart data={charts.claimsByStatus} />
          <ClaimsPerMonthChart data={charts.claimsPerMonth} />
        </div>
      )}
    </section>
  );
}

function PremiumsChart({ data }: { data: Charts['premiumsCollected'] }) {
  const rows = months(data);
  return (
    <ChartFigure
      title="Premiums collected per month"
      wide
      note={`Completed payments by payment date, last ${MONTHS} months.`}
      table={{
        headers: ['Month', 'Premiums collected', 'Payments'],
        rows: rows.map((r) => [r.label, formatRand(r.amount), String(r.count)]),
      }}
    >
      <ResponsiveContainer initialDimension={FIRST_SIZE}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid stroke={color.border} vertical={false} />
          <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" />
          <YAxis tick={axis} width={64} tickFormatter={(v: number) => `R${v.toLocaleString('en-ZA')}`} />
          <Tooltip formatter={rand} />
          <Bar dataKey="value" name="Collected" fill={color.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function MemberGrowthChart({ data }: { data: Charts['memberGrowth'] }) {
  const rows = data.map((f) => ({ ...f, label: monthLabel(f.month) }));
  return (
    <ChartFigure
      title="Member growth"
      note="Members registered each month (main and family)."
      table={{ headers: ['Month', 'New members'], rows: rows.map((r) => [r.label, String(r.count)]) }}
    >
      <ResponsiveContainer initialDimension={FIRST_SIZE}>
        <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid stroke={color.border} vertical={false} />
          <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" />
          <YAxis tick={axis} width={40} allowDecimals={false} />
          <Tooltip />
          <Line type="monotone" dataKey="count" name="New members" stroke={color.primary} strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function StatusPie({ title, note, data }: { title: string; note: string; data: Charts['policiesByStatus'] }) {
  const rows = data.map((f) => ({ ...f, label: statusLabel(f.status) }));
  const slices = rows.filter((r) => r.count > 0);
  return (
    <ChartFigure
      title={title}
      note={note}
      table={{ headers: ['Status', 'Policies'], rows: rows.map((r) => [r.label, formatCard('count', String(r.count))]) }}
    >
      <ResponsiveContainer initialDimension={FIRST_SIZE}>
        <PieChart accessibilityLayer={false}>
          {/* A lone slice is a whole ring: no separating stroke across it. */}
          <Pie
            data={slices}
            dataKey="count"
            nameKey="label"
            innerRadius="55%"
            outerRadius="85%"
            stroke={slices.length > 1 ? color.surface : 'none'}
            isAnimationActive={false}
            // Out of the tab order: the drawing is hidden from assistive technology (ChartFigure).
            rootTabIndex={-1}
          >
            {slices.map((r) => (
              <Cell key={r.status} fill={STATUS_COLOURS[r.status] ?? color.textMuted} />
            ))}
          </Pie>
          <Tooltip />
          <Legend verticalAlign="bottom" height={28} />
        </PieChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function ClaimsByStatusChart({ data }: { data: Charts['claimsByStatus'] }) {
  const rows = data.map((f) => ({ ...f, label: statusLabel(f.status) }));
  return (
    <ChartFigure
      title="Claims by status"
      note="Every claim by its status now."
      table={{ headers: ['Status', 'Claims', 'Amount claimed'], rows: rows.map((r) => [r.label, String(r.count), formatRand(r.amount)]) }}
    >
      <ResponsiveContainer initialDimension={FIRST_SIZE}>
        <BarChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
          <CartesianGrid stroke={color.border} horizontal={false} />
          <XAxis type="number" tick={axis} allowDecimals={false} />
          <YAxis type="category" dataKey="label" tick={axis} width={130} />
          <Tooltip />
          <Bar dataKey="count" name="Claims" radius={[0, 4, 4, 0]} isAnimationActive={false}>
            {rows.map((r) => (
              <Cell key={r.status} fill={STATUS_COLOURS[r.status] ?? color.textMuted} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function ClaimsPerMonthChart({ data }: { data: Charts['claimsPerMonth'] }) {
  const rows = months(data);
  return (
    <ChartFigure
      title="Claims per month"
      note={`Claims by month of submission, last ${MONTHS} months.`}
      table={{ headers: ['Month', 'Claims', 'Amount claimed'], rows: rows.map((r) => [r.label, String(r.count), formatRand(r.amount)]) }}
    >
      <ResponsiveContainer initialDimension={FIRST_SIZE}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid stroke={color.border} vertical={false} />
          <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" />
          <YAxis tick={axis} width={40} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="count" name="Claims" fill={color.navyRaised} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
