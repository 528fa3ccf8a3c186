import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css';

export const slider = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], width: '100%' });

export const header = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space['2'] });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const output = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const track = style({
  position: 'relative',
  height: '2rem',
  width: '100%',
  cursor: 'pointer',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      top: '50%',
      height: '0.375rem',
      transform: 'translateY(-50%)',
      borderRadius: vars.radius.full,
      background: vars.color.border,
    },
    '&[data-disabled]': { cursor: 'default', opacity: 0.6 },
  },
});

export const fill = style({
  position: 'absolute',
  left: 0,
  top: '50%',
  height: '0.375rem',
  transform: 'translateY(-50%)',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
});

// react-aria places the thumb (left: n%, translateX(-50%)); the margin centres it on the track.
export const thumb = style({
  top: '50%',
  marginTop: '-0.625rem',
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  border: `2px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.sm,
  selectors: {
    '&[data-dragging]': { background: vars.color.primarySoft },
    '&[data-focus-visible]': focusRing,
  },
});
