import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { stackedCard } from '../../ui/Card.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const bulkBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '2.75rem',
});

export const selectedCount = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const grid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 19rem), 1fr))',
});

export const card = stackedCard;

export const cardSelected = style({ borderColor: vars.color.primary, boxShadow: `0 0 0 1px ${vars.color.primary}` });

export const cardHead = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space['2'] });

export const cardTitle = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space['2'], minWidth: 0 });

export const name = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const strong = style({ fontWeight: vars.fontWeight.semibold });

export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const factLabel = style({ color: vars.color.textMuted });

export const factValue = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const progress = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const cardActions = style({
  marginTop: 'auto',
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const activityList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const activityItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
  flexWrap: 'wrap',
});

// The dialog

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const fieldset = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space['3'],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const fullRow = style({ gridColumn: '1 / -1' });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });
