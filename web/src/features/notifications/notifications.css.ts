import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', alignItems: 'end' } },
});

export const strong = style({ display: 'block', fontWeight: vars.fontWeight.semibold });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const text = style({ display: 'block', maxWidth: '32rem', whiteSpace: 'pre-line', fontSize: vars.fontSize.sm });
export const summary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const number = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'right' });
export const providers = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  margin: 0,
  padding: vars.space['3'],
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
});
