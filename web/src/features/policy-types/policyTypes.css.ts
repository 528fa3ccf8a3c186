import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { stackedCard, cardGrid } from '../../ui/Card.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const grid = cardGrid;

export const card = stackedCard;

export const cardHead = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space['2'] });

export const name = style({ fontSize: vars.fontSize.lg, overflowWrap: 'anywhere' });

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const factLabel = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, fontWeight: vars.fontWeight.semibold, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const cardActions = style({ marginTop: 'auto', display: 'flex', justifyContent: 'flex-end' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const row = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9rem), 1fr))',
});

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space['2'], flexWrap: 'wrap' });

/** The calendar's rules (issue #20), grouped under their own legend. */
export const rules = style({
  border: 'none',
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const rulesLegend = style({ fontWeight: vars.fontWeight.semibold, padding: 0, marginBottom: vars.space['2'] });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** One band of the benefit table (issue #22): five fields and a remove button, wrapping on phones. */
export const benefitRow = style({
  display: 'grid',
  gap: vars.space['2'],
  alignItems: 'end',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 7.5rem), 1fr))',
  paddingBottom: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tableError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

/** A policy type's benefit table on its card (issue #22). */
export const benefits = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${benefits} th, ${benefits} td`, {
  textAlign: 'left',
  padding: vars.space['1'],
  borderTop: `1px solid ${vars.color.border}`,
});

globalStyle(`${benefits} td`, { whiteSpace: 'nowrap' });

export const benefitsCaption = style({ textAlign: 'left', fontWeight: vars.fontWeight.semibold, paddingBottom: vars.space['1'] });
