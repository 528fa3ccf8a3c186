import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 640px)': { gridTemplateColumns: 'minmax(0, 28rem) 12rem', alignItems: 'end' } },
});

export const summary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const statusSelect = style({ width: '7rem', flexShrink: 0 });

// Select above Cancel: the column stays narrow enough for all nine columns to fit a laptop screen.
export const controls = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space['1'] });

// A compact trigger inside the row, level with the small Cancel and Reinstate buttons.
globalStyle(`${statusSelect} button`, {
  minHeight: '2rem',
  paddingTop: vars.space['1'],
  paddingBottom: vars.space['1'],
  fontSize: vars.fontSize.sm,
});

export const strong = style({ fontWeight: vars.fontWeight.semibold });

export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const loadMore = style({ display: 'flex', justifyContent: 'center' });

/** The row's actions wrap inside their cell: a status select, two icon buttons and History do not fit one line at 390 or 1440. */
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' });
