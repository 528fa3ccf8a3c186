import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `0.125rem ${vars.space['2']}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'nowrap',
});

export const tone = styleVariants({
  neutral: { background: vars.color.border, color: vars.color.text },
  primary: { background: vars.color.primarySoft, color: vars.color.primaryActive },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.danger, color: vars.color.onPrimary },
  dangerSoft: { background: vars.color.dangerSoft, color: vars.color.danger },
});
