import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css';

export const tabs = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const tabList = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '1fr',
  gap: vars.space['1'],
  padding: vars.space['1'],
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  // On a phone, four tabs side by side are wider than the screen (the Audit page's were, to 422 px): they wrap, two or more to a row.
  '@media': { 'screen and (max-width: 639.98px)': { gridAutoFlow: 'row', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))' } },
});

export const tab = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '2.5rem',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': {
      background: vars.color.surface,
      color: vars.color.primary,
      fontWeight: vars.fontWeight.semibold,
      boxShadow: vars.shadow.sm,
    },
    '&[data-focus-visible]': focusRing,
  },
});

export const panel = style({
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});
