import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const text = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const title = style({ fontSize: vars.fontSize.xxl });

export const description = style({ color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['10']} ${vars.space['4']}`,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
});

export const emptyIcon = style({ color: vars.color.textMuted });

export const emptyTitle = style({ fontSize: vars.fontSize.lg });

export const emptyText = style({ color: vars.color.textMuted, maxWidth: '28rem' });
