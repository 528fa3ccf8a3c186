import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], width: '100%' });

export const track = style({
  height: '0.5rem',
  borderRadius: vars.radius.full,
  background: 'rgba(127, 146, 163, 0.3)',
  overflow: 'hidden',
});

export const fill = style({
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.navyAccent,
  transition: 'width 200ms ease',
});
