import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { stackedCard, cardGrid } from '../../ui/Card.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// The list of cards

export const grid = cardGrid;

export const card = stackedCard;

export const cardHead = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space['2'] });

export const cardName = style({ fontSize: vars.fontSize.lg, overflowWrap: 'anywhere' });

export const cardDescription = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const cardFacts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${cardFacts} dt`, { color: vars.color.textMuted });
globalStyle(`${cardFacts} dd`, { margin: 0, fontWeight: vars.fontWeight.semibold, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const cardActions = style({ marginTop: 'auto', display: 'flex', justifyContent: 'flex-end' });

// Forms (create, add, edit)

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const schemeFields = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const membersSection = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  // The actions stay in reach under a long list of rows.
  position: 'sticky',
  bottom: `calc(-1 * ${vars.space['5']})`,
  padding: `${vars.space['3']} 0 ${vars.space['5']}`,
  marginBottom: `calc(-1 * ${vars.space['5']})`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});

export const listError = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const rows = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

// A field focused by Tab or by Add Main Member scrolls clear of the dialog's sticky title and actions.
globalStyle(`${rows} :is(input, button)`, { scrollMarginTop: '5rem', scrollMarginBottom: '6rem' });

export const mainRow = style({
  position: 'relative',
  margin: 0,
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
});

export const rowLegend = style({
  float: 'left',
  padding: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const rowRemove = style({ position: 'absolute', top: vars.space['3'], right: vars.space['3'] });

const fieldGrid = {
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
} as const;

export const rowFields = style({
  ...fieldGrid,
  clear: 'both',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const wideField = style({ gridColumn: '1 / -1' });

export const family = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  paddingLeft: vars.space['3'],
  borderLeft: `3px solid ${vars.color.primarySoft}`,
});

export const familyTitle = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const familyRow = style({
  alignSelf: 'stretch',
  margin: 0,
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const familyLegend = style({ padding: `0 ${vars.space['1']}`, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const familyFields = style({
  ...fieldGrid,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const familyRemove = style({ alignSelf: 'flex-end' });

// The details page

// The back link and the facts grid are shared with the member's page.
export { backLink, infoGrid, infoWide } from '../../app/pages.css';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const sectionTitle = style({ fontSize: vars.fontSize.lg });

export const memberList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const memberItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const memberHead = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});

export const memberText = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0, flex: '1 1 12rem' });

export const memberTitle = style({ fontSize: vars.fontSize.md, overflowWrap: 'anywhere' });

export const memberName = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const policyLine = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const memberFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['5']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const fact = style({ display: 'flex', gap: vars.space['1'], minWidth: 0 });

globalStyle(`${fact} dt`, { color: vars.color.textMuted });
globalStyle(`${fact} dt::after`, { content: '":"' });
globalStyle(`${fact} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const familyBlock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  marginLeft: vars.space['2'],
  paddingLeft: vars.space['4'],
  borderLeft: `3px solid ${vars.color.primarySoft}`,
});

export const familyList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const familyItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const notFound = style({ maxWidth: '32rem', display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const notFoundTitle = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], fontSize: vars.fontSize.xl });

globalStyle(`${notFoundTitle} svg`, { color: vars.color.danger, flexShrink: 0 });
