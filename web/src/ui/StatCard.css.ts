import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { media } from '../theme/tokens';

// Two figures a row on a phone (four stacked cards would push the page's content a screen down),
// four a row on a desktop.
const phone = 'screen and (max-width: 639.98px)';

export const grid = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [media.tablet]: { gap: vars.space['4'], gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

/** Three figures: one row of three on a desktop; on a phone the first spans the row, as with five. */
export const gridThree = style({
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

/**
 * Five figures: one row of five on a desktop; on a phone the first (the total) spans the row, so
 * the other four pair up instead of leaving one card alone at the bottom.
 */
export const gridFive = style({
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' } },
});

globalStyle(`${gridThree} > :first-child, ${gridFive} > :first-child`, { '@media': { [phone]: { gridColumn: '1 / -1' } } });

export const card = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
  '@media': { [phone]: { padding: vars.space['3'] } },
});

export const text = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0, margin: 0 });

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const value = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  '@media': { [phone]: { fontSize: vars.fontSize.lg } },
});

export const detail = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  flexShrink: 0,
  borderRadius: vars.radius.md,
  '@media': { [phone]: { display: 'none' } },
});

export const tone = styleVariants({
  primary: { background: vars.color.primarySoft, color: vars.color.primary },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  neutral: { background: vars.color.surfaceMuted, color: vars.color.textMuted },
});
