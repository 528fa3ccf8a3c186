import { style, styleVariants } from '@vanilla-extract/css';
import { focusRing, vars } from '../../theme/theme.css';

export const launcher = style({
  position: 'fixed',
  right: vars.space['5'],
  bottom: vars.space['5'],
  zIndex: vars.zIndex.assistant,
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: vars.radius.full,
  boxShadow: vars.shadow.lg,
  padding: 0,
  '@media': {
    // On a phone the button would sit on the field being typed in (the keyboard takes the bottom of the
    // screen): while a field of the page has focus, it steps aside.
    'screen and (max-width: 639.98px)': {
      selectors: { 'body:has(main :is(input, textarea, select, [role=combobox]):focus) &': { display: 'none' } },
    },
  },
});

export const panel = style({
  position: 'fixed',
  right: vars.space['5'],
  bottom: '5.5rem',
  zIndex: vars.zIndex.assistant,
  // 24rem × 500px as specified, shrunk to fit small screens (24rem is wider than a 375px phone).
  width: 'min(24rem, calc(100vw - 2rem))',
  height: 'min(500px, calc(100vh - 7rem))',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  overflow: 'hidden',
  '@media': { 'screen and (max-width: 480px)': { right: vars.space['4'], left: vars.space['4'], width: 'auto' } },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.navy,
  color: vars.color.onNavy,
});

export const title = style({ fontSize: vars.fontSize.md, display: 'flex', alignItems: 'center', gap: vars.space['2'] });

export const closeButton = style({
  color: vars.color.onNavy,
  selectors: {
    '&[data-hovered]': { background: 'rgba(255, 255, 255, 0.08)' },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusOnDark}`, outlineOffset: '-3px' },
  },
});

export const messages = style({
  flex: 1,
  overflowY: 'auto',
  padding: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  background: vars.color.surfaceMuted,
  selectors: { '&:focus-visible': focusRing },
});

export const bubble = style({
  maxWidth: '85%',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.lg,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
});

export const bubbleRole = styleVariants({
  user: { alignSelf: 'flex-end', background: vars.color.primary, color: vars.color.onPrimary, borderBottomRightRadius: vars.radius.sm },
  assistant: {
    alignSelf: 'flex-start',
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderBottomLeftRadius: vars.radius.sm,
  },
});

export const pending = style({ alignSelf: 'flex-start', color: vars.color.primary, padding: vars.space['2'] });

export const composer = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const input = style({ flex: 1 });
