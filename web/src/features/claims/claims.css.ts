import { globalStyle, style } from '@vanilla-extract/css';
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

// On a phone the lead cell is a one-column grid: keep the claim number at the card's left edge.
export const claimLink = style({ justifySelf: 'start', textAlign: 'left' });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'], alignItems: 'flex-start', maxWidth: '14rem' });

// The form

export const formCard = style({ borderTop: `3px solid ${vars.color.primary}` });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

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

export const fullRowNote = style([fullRow, { color: vars.color.textMuted, fontSize: vars.fontSize.sm }]);

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });

// The details dialog

export const details = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const detailsHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});

export const facts = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

globalStyle(`${facts} dt`, { fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const sectionTitle = style({ fontSize: vars.fontSize.md });

export const okLine = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.success,
  fontSize: vars.fontSize.sm,
});

export const flagList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

globalStyle(`${flagList} li`, {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

export const documentList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const documentItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const documentText = style({ display: 'flex', flexDirection: 'column', flex: '1 1 12rem', minWidth: 0 });

export const documentName = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const history = style({ margin: 0, paddingLeft: vars.space['5'], display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const historyItem = style({ display: 'flex', flexDirection: 'column', fontSize: vars.fontSize.sm });

export const historyMove = style({ fontWeight: vars.fontWeight.semibold });

export const historyNote = style({ color: vars.color.text, fontStyle: 'italic' });

// The decision dialog (issue #23)

export const decision = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], color: vars.color.text });

export const decisionRow = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const capNote = style({
  margin: 0,
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
});

export const overrideBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
});

export const overrideTitle = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  color: vars.color.warning,
});

export const overrideList = style({ margin: 0, paddingLeft: vars.space['5'], fontSize: vars.fontSize.sm, color: vars.color.text });

export const paidTo = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const paidToLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });

export const refusal = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
