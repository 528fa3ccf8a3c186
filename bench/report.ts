import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One measured figure. Where a suite has a baseline measured in the same run, `ratio` is the product
 * over the baseline (absolute numbers drift on shared machines; ratios much less). `target` says what
 * the issue asks for and `met` whether this run shows it (null: reported, no target).
 */
export type Figure = {
  suite: string;
  metric: string;
  value: number;
  unit: string;
  ratio?: { value: number; over: string };
  target?: string;
  met?: boolean | null;
  note?: string;
};

export type RunInfo = { driver: string; startedAt: string; options: Record<string, unknown>; node: string; cpus: number };

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));

export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.suite,
    f.metric,
    Number.isNaN(f.value) ? (f.note ?? 'n/a') : `${formatNumber(f.value)} ${f.unit}`.trim(),
    f.ratio ? `${f.ratio.value.toFixed(2)}× ${f.ratio.over}` : '',
    f.target ?? '',
    f.met === undefined || f.met === null ? '' : f.met ? 'met' : 'NOT MET',
  ]);
  const header = ['suite', 'metric', 'value', 'ratio', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : String(Math.round(value * 100) / 100);
}

/** Writes results/<stamp>-<driver>.{json,svg} and results/latest-<driver>.*; returns the paths. */
export function writeResults(outDir: string, info: RunInfo, figures: readonly Figure[]): string[] {
  mkdirSync(outDir, { recursive: true });
  const stamp = info.startedAt.replace(/[:.]/g, '-');
  const json = `${JSON.stringify({ ...info, figures }, null, 2)}\n`;
  const svg = chart(info, figures);
  const paths: string[] = [];
  for (const base of [`${stamp}-${info.driver}`, `latest-${info.driver}`]) {
    writeFileSync(join(outDir, `${base}.json`), json);
    writeFileSync(join(outDir, `${base}.svg`), svg);
    paths.push(join(outDir, `${base}.json`), join(outDir, `${base}.svg`));
  }
  return paths;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A horizontal bar per figure with a target: green when met, red when not, the value printed beside it. */
function chart(info: RunInfo, figures: readonly Figure[]): string {
  const shown = figures.filter((f) => !Number.isNaN(f.value) && (f.met !== undefined || f.ratio));
  const rowHeight = 26;
  const width = 900;
  const labelWidth = 330;
  const height = 50 + shown.length * rowHeight;
  const max = Math.max(1, ...shown.map((f) => barValue(f)));
  const bars = shown.map((f, i) => {
    const y = 40 + i * rowHeight;
    const w = Math.max(2, ((width - labelWidth - 190) * barValue(f)) / max);
    const colour = f.met === true ? '#2e7d32' : f.met === false ? '#c62828' : '#546e7a';
    const text = `${formatNumber(f.value)} ${f.unit}${f.ratio ? ` (${f.ratio.value.toFixed(2)}× ${f.ratio.over})` : ''}`;
    return `<text x="8" y="${y + 15}">${escape(`${f.suite}: ${f.metric}`)}</text>
  <rect x="${labelWidth}" y="${y + 3}" width="${w.toFixed(1)}" height="16" fill="${colour}"/>
  <text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 15}">${escape(text)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">
  <text x="8" y="22" font-size="14" font-weight="bold">${escape(`npm run bench — ${info.driver}, ${info.startedAt} (bar length: ratio where there is one, else log10 of the value)`)}</text>
  ${bars.join('\n  ')}
</svg>
`;
}

function barValue(f: Figure): number {
  return f.ratio ? f.ratio.value : Math.log10(Math.max(1, f.value) + 1);
}
