import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 28rem) 13rem', alignItems: 'end' } },
});

export const summary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const loadMore = style({ display: 'flex', justifyContent: 'center' });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const strong = style({ fontWeight: vars.fontWeight.semibold });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const muted = style({ color: vars.color.textMuted });

export const reference = style({ display: 'block', maxWidth: '16rem', overflowWrap: 'anywhere' });

// Wide enough for the longest status, 'Completed', with the chevron beside it.
export const statusSelect = style({ width: '9.75rem', flexShrink: 0 });

// A compact trigger inside the row.
globalStyle(`${statusSelect} button`, {
  minHeight: '2rem',
  paddingTop: vars.space['1'],
  paddingBottom: vars.space['1'],
  fontSize: vars.fontSize.sm,
});

// The trigger carries its status's colour, so a column of statuses reads at a glance (the words say it too).
const STATUS_COLOURS = {
  pending: [vars.color.warningSoft, vars.color.warning],
  completed: [vars.color.successSoft, vars.color.success],
  failed: [vars.color.dangerSoft, vars.color.danger],
  refunded: [vars.color.background, vars.color.textMuted],
} as const;

export const statusTone = styleVariants(STATUS_COLOURS, () => ({}));

for (const [status, [background, color]] of Object.entries(STATUS_COLOURS)) {
  globalStyle(`${statusTone[status as keyof typeof STATUS_COLOURS]} button`, { background, color, fontWeight: vars.fontWeight.semibold });
}

// Record Payment

export const recordCard = style({ borderTop: `3px solid ${vars.color.primary}` });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const fields = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const fullRow = style({ gridColumn: '1 / -1' });

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const groupTab = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const schemeSelect = style({ maxWidth: '28rem' });

// The group dialog

export const memberCount = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const total = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'baseline',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
});

export const totalLabel = style({ fontWeight: vars.fontWeight.semibold });

export const totalValue = style({
  justifySelf: 'end',
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.primaryActive,
});

export const totalHint = style({ gridColumn: '1 / -1', justifySelf: 'end', fontSize: vars.fontSize.xs, color: vars.color.textMuted });
