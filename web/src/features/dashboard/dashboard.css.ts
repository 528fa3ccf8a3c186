import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const search = style({ flex: 1, maxWidth: '28rem' });

export const spacer = style({ flex: 1, display: 'none', '@media': { [media.tablet]: { display: 'block' } } });

export const notifications = style({ position: 'relative', flexShrink: 0 });

export const notificationBadge = style({
  position: 'absolute',
  top: '2px',
  right: '2px',
  minWidth: '1.25rem',
  justifyContent: 'center',
  padding: '0 0.3rem',
  pointerEvents: 'none',
});

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const book = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const bookHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const bookTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const trend = style({
  margin: 0,
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const trendCaption = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, marginBottom: vars.space['3'] });

export const trendBars = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(3.5rem, 1fr))',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const trendBar = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space['1'], minWidth: 0 });

export const trendBarTrack = style({
  display: 'flex',
  alignItems: 'flex-end',
  width: '100%',
  maxWidth: '2.5rem',
  height: '4rem',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
});

export const trendBarFill = style({ width: '100%', background: vars.color.warning });

export const trendValue = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, fontVariantNumeric: 'tabular-nums' });

export const trendMonth = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const trendCount = style({ fontVariantNumeric: 'tabular-nums' });

// The search's hits: a kind badge and the title, the details below.

export const hit = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const hitTitle = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], fontWeight: vars.fontWeight.semibold });

export const hitDetail = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

/** The most urgent claims under the decision-clock cards. */
export const urgentList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'] });
export const urgentItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  paddingBlock: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
});
