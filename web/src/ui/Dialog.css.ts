import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.overlay,
  display: 'flex',
  animation: `${fadeIn} 150ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const overlayPlacement = styleVariants({
  center: { alignItems: 'center', justifyContent: 'center', padding: vars.space['4'] },
  left: { alignItems: 'stretch', justifyContent: 'flex-start' },
});

export const modal = styleVariants({
  center: {
    width: '100%',
    maxWidth: '32rem',
    maxHeight: 'calc(100vh - 2rem)',
    overflowY: 'auto',
    background: vars.color.surface,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
  },
  left: {
    width: 'min(18rem, 85vw)',
    height: '100%',
    boxShadow: vars.shadow.lg,
    animation: `${slideIn} 180ms ease-out`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
});

export const wide = style({ maxWidth: '46rem' });

export const dialog = style({ outline: 'none', height: '100%' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['4']} ${vars.space['5']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  // Long forms scroll inside the modal; the title and the close button stay in reach.
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: vars.color.surface,
});

export const title = style({ fontSize: vars.fontSize.lg });

export const body = style({ padding: vars.space['5'] });
