import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const search = style({ flex: 1, maxWidth: '28rem' });

export const spacer = style({ flex: 1, display: 'none', '@media': { [media.tablet]: { display: 'block' } } });

export const notifications = style({ position: 'relative', flexShrink: 0 });

export const notificationBadge = style({
  position: 'absolute',
  top: '2px',
  right: '2px',
  minWidth: '1.25rem',
  justifyContent: 'center',
  padding: '0 0.3rem',
  pointerEvents: 'none',
});

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });
