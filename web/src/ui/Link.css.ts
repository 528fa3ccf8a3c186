import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css';

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  wordBreak: 'break-word',
  selectors: {
    '&[data-hovered], &:hover': { color: vars.color.primaryHover },
    '&[data-focus-visible]': focusRing,
  },
});
