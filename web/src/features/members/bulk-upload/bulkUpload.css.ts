import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/theme.css';

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const fileName = style({ fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.warning });

export const success = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const problemBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

export const problemTitle = style({ fontWeight: vars.fontWeight.semibold });

export const list = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  maxHeight: '14rem',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  color: vars.color.text,
});

export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], fontSize: vars.fontSize.sm });

export const progressRow = style({ display: 'flex', justifyContent: 'space-between', fontWeight: vars.fontWeight.medium });

export const percent = style({ fontVariantNumeric: 'tabular-nums' });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });
