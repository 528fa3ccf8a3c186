import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { input as textInput } from './TextField.css';

export const control = style({ position: 'relative', display: 'flex' });

export const input = style([textInput, { paddingRight: '2.75rem' }]);

export const button = style({
  position: 'absolute',
  top: 0,
  right: 0,
  bottom: 0,
  width: '2.75rem',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'transparent',
  border: 'none',
  color: vars.color.textMuted,
  cursor: 'pointer',
});

export const empty = style({ padding: `${vars.space['2']} ${vars.space['3']}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
