import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { tokens } from '../../theme/tokens';
import { monthLabel } from '../reports/reportFormat';
import type { ComplianceReports } from './audit.operations';
import * as styles from './audit.css';

// The size drawn before the container has been measured (and where nothing measures it).
const FIRST_SIZE = { width: 480, height: 220 };
const { color } = tokens;
const axis = { fontSize: 12, fill: color.textMuted };

/** Median and 90th percentile days from submission to payment, per month of payment. Decorative: the table beside it has the figures. */
export function TurnaroundChart({ data }: { data: ComplianceReports['claimsTurnaround'] }) {
  const rows = data.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <div className={styles.chartArea} aria-hidden="true">
      <ResponsiveContainer initialDimension={FIRST_SIZE}>
        <LineChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={color.border} vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis tick={axis} width={40} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="medianDays" name="Median days" stroke={color.primary} strokeWidth={2} isAnimationActive={false} />
          <Line
            type="monotone"
            dataKey="p90Days"
            name="90th percentile days"
            stroke={color.warning}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function AgeingChart({ data }: { data: ComplianceReports['claimsAgeing'] }) {
  return (
    <div className={styles.chartArea} aria-hidden="true">
      <ResponsiveContainer initialDimension={FIRST_SIZE}>
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={color.border} vertical={false} />
          <XAxis dataKey="bucket" tick={axis} />
          <YAxis tick={axis} width={40} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="count" name="Open claims" fill={color.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function LapseChart({ data }: { data: ComplianceReports['lapseRatio'] }) {
  const rows = data.map((m) => ({ label: monthLabel(m.month), percent: Math.round(m.ratio * 10000) / 100 }));
  return (
    <div className={styles.chartArea} aria-hidden="true">
      <ResponsiveContainer initialDimension={FIRST_SIZE}>
        <BarChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={color.border} vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis tick={axis} width={40} unit="%" />
          <Tooltip formatter={(value) => `${String(value)}%`} />
          <Bar dataKey="percent" name="Lapse ratio" fill={color.warning} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
