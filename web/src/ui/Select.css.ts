import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.fontSize.input,
  textAlign: 'left',
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-hovered]': { borderColor: vars.color.textMuted },
    '[data-invalid] &': { borderColor: vars.color.danger },
  },
});

export const value = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

export const popover = style({
  minWidth: 'var(--trigger-width)',
  maxHeight: '18rem',
  overflowY: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  padding: vars.space['1'],
});

export const listBox = style({ outline: 'none' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.primarySoft },
    '&[data-selected]': { fontWeight: vars.fontWeight.semibold, color: vars.color.primary },
  },
});
