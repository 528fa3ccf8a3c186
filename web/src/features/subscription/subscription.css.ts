import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const current = style({ borderTop: `3px solid ${vars.color.primary}` });

export const currentRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const planName = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const price = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, fontVariantNumeric: 'tabular-nums' });

export const per = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular });

export const usage = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], marginTop: vars.space['4'] });

export const usageRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['3'], fontSize: vars.fontSize.sm });

export const warning = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
});

export const reached = style({ background: vars.color.dangerSoft, color: vars.color.danger });

export const facts = style({
  display: 'grid',
  gap: `${vars.space['2']} ${vars.space['6']}`,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: `${vars.space['4']} 0 0`,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const fact = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const factLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const factValue = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const plans = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const plan = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const popular = style({ border: `2px solid ${vars.color.primary}` });

export const planHeader = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space['2'] });

export const planTitle = style({ fontSize: vars.fontSize.lg });

export const features = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  flexGrow: 1,
});

export const feature = style({ display: 'flex', gap: vars.space['2'], alignItems: 'flex-start', fontSize: vars.fontSize.sm });

export const featureIcon = style({ color: vars.color.success, flexShrink: 0 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

// The result pages

export const result = style({
  maxWidth: '36rem',
  margin: `${vars.space['8']} auto`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  textAlign: 'center',
});

export const resultIcon = style({ alignSelf: 'center' });

export const resultSuccess = style({ color: vars.color.success });

export const resultDanger = style({ color: vars.color.danger });

export const resultMuted = style({ color: vars.color.textMuted });

export const resultTitle = style({ fontSize: vars.fontSize.xxl });

export const resultFacts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  textAlign: 'left',
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  margin: 0,
});

export const causes = style({
  textAlign: 'left',
  margin: 0,
  paddingLeft: vars.space['5'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const resultActions = style({ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: vars.space['3'] });
