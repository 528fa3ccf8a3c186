import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'], minWidth: 0 });

/** One section of the page: a heading row (title, note, actions) over its content. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });
export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const sectionNote = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});

export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
});
export const alert = style([notice, { borderColor: vars.color.danger, color: vars.color.danger }]);
export const warning = style([notice, { borderColor: vars.color.warning, background: vars.color.warningSoft, color: vars.color.text }]);
export const success = style([notice, { borderColor: vars.color.success, background: vars.color.successSoft }]);

export const strong = style({ fontWeight: vars.fontWeight.semibold });
export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const wrapAnywhere = style({ overflowWrap: 'anywhere' });

/** A field and its button side by side from tablet width, stacked on a phone. */
export const inlineForm = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 16rem) auto', alignItems: 'start', justifyContent: 'start' } },
});
export const inlineButton = style({ '@media': { [media.tablet]: { marginTop: '1.75rem' } } });

/** Upcoming debit dates: a card each, as many per row as fit. */
export const upcoming = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 15rem), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const upcomingItem = style([panel, { gap: vars.space['2'] }]);
export const upcomingDate = style({ fontWeight: vars.fontWeight.semibold });

// The dialogs' forms

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });
export const fields = style({
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
export const formActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  margin: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const figureValue = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const list = style({ margin: 0, paddingLeft: vars.space['5'], fontSize: vars.fontSize.sm });

// The per-month chart: bars of the collection rate, in the dashboard's style (no chart library).

export const chart = style([panel, { margin: 0 }]);
export const chartCaption = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const chartBars = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(3.5rem, 1fr))',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const chartBar = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space['1'], minWidth: 0 });
export const chartTrack = style({
  display: 'flex',
  alignItems: 'flex-end',
  width: '100%',
  maxWidth: '2.5rem',
  height: '4rem',
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
});
export const chartFill = style({ width: '100%', background: vars.color.success });
export const chartValue = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, fontVariantNumeric: 'tabular-nums' });
export const chartMonth = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const fileList = style([section, { margin: 0, padding: 0, listStyle: 'none' }]);
