import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 28rem) 14rem', alignItems: 'end' } },
});

export const runResult = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
});

export const runError = style([runResult, { borderColor: vars.color.danger, color: vars.color.danger }]);

export const strong = style({ fontWeight: vars.fontWeight.semibold });
export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const summary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  margin: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const figureValue = style({ margin: 0, fontWeight: vars.fontWeight.semibold, fontVariantNumeric: 'tabular-nums' });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const list = style({ margin: 0, paddingLeft: vars.space['5'], fontSize: vars.fontSize.sm });
