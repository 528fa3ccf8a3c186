import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// Shared page furniture for the app-level pages (404, access denied).

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const pageTitle = style({ fontSize: vars.fontSize.xxl });

export const muted = style({ color: vars.color.textMuted });

export const centered = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
});

export const message = style({
  width: '100%',
  maxWidth: '28rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const messageTitle = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], fontSize: vars.fontSize.xl });

export const warningIcon = style({ color: vars.color.danger, flexShrink: 0 });
