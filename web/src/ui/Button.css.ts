import { style, styleVariants } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  cursor: 'pointer',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background-color 120ms ease, border-color 120ms ease, color 120ms ease',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: {
      '&[data-hovered]:not([data-disabled])': { background: vars.color.primaryHover },
      '&[data-pressed]:not([data-disabled])': { background: vars.color.primaryActive },
    },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: {
      '&[data-hovered]:not([data-disabled])': { background: vars.color.surfaceMuted },
      '&[data-pressed]:not([data-disabled])': { background: vars.color.border },
    },
  },
  ghost: {
    background: 'transparent',
    color: 'inherit',
    selectors: {
      '&[data-hovered]:not([data-disabled])': { background: 'rgba(15, 37, 55, 0.06)' },
      '&[data-pressed]:not([data-disabled])': { background: 'rgba(15, 37, 55, 0.12)' },
    },
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.onPrimary,
    selectors: { '&[data-hovered]:not([data-disabled])': { background: vars.color.dangerHover } },
  },
  link: {
    background: 'transparent',
    color: vars.color.primary,
    padding: 0,
    minHeight: 'auto',
    fontWeight: vars.fontWeight.medium,
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    selectors: { '&[data-hovered]': { color: vars.color.primaryHover } },
  },
});

export const size = styleVariants({
  sm: { minHeight: '2rem', padding: `0 ${vars.space['3']}`, fontSize: vars.fontSize.sm },
  // 44px: a comfortable touch target at 375px.
  md: { minHeight: '2.75rem', padding: `0 ${vars.space['4']}`, fontSize: vars.fontSize.md },
  icon: { width: '2.75rem', height: '2.75rem', padding: 0 },
});

export const fullWidth = style({ width: '100%' });
