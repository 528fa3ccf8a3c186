import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  background: vars.color.background,
  padding: `${vars.space['8']} ${vars.space['4']}`,
});

export const box = style({
  width: '100%',
  maxWidth: '40rem',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space['3'],
});

export const heading = style({ alignSelf: 'flex-start', fontSize: vars.fontSize.xl, color: vars.color.text });

export const signOut = style({ alignSelf: 'flex-end' });
