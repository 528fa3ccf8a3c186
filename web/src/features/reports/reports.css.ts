import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: '14rem 14rem', alignItems: 'end' } },
});

export const previewHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  marginBottom: vars.space['4'],
});

export const previewTitle = style({ fontSize: vars.fontSize.lg });

export const summary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const chartsTitle = style({ fontSize: vars.fontSize.lg });

export const charts = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const chart = style({
  margin: 0,
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const wideChart = style({ gridColumn: '1 / -1' });

export const chartCaption = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const chartTitle = style({ fontWeight: vars.fontWeight.semibold });

export const chartNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const chartArea = style({ width: '100%', height: '15rem' });
