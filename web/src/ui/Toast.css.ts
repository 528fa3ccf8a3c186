import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { media } from '../theme/tokens';

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1, transform: 'none' } });

export const region = style({
  position: 'fixed',
  zIndex: vars.zIndex.toast,
  // At the bottom, above the assistant's round button (1.25rem + 3.5rem from the bottom): at the top
  // right a toast covered the page header's actions (issue #25), the buttons just pressed.
  bottom: '5.5rem',
  left: vars.space['4'],
  right: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  pointerEvents: 'none',
  '@media': {
    [media.tablet]: { left: 'auto', right: vars.space['5'], width: '24rem' },
  },
});

export const toast = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  border: '1px solid',
  boxShadow: vars.shadow.lg,
  animation: `${enter} 160ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const variant = styleVariants({
  default: { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border },
  destructive: { background: vars.color.danger, color: vars.color.onPrimary, borderColor: vars.color.danger },
});

export const content = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const title = style({ fontWeight: vars.fontWeight.semibold });

// pre-line: a description may put a figure on a line of its own (a policy number is not split at its hyphens).
export const description = style({ fontSize: vars.fontSize.sm, opacity: 0.92, wordBreak: 'break-word', whiteSpace: 'pre-line' });

export const close = style({ color: 'inherit', width: '2rem', height: '2rem', flexShrink: 0 });
