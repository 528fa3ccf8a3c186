import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const popover = style({
  minWidth: '12rem',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  padding: vars.space['1'],
});

export const menu = style({ outline: 'none' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.5rem',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.primarySoft },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});
