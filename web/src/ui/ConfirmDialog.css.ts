import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const dialog = style({ outline: 'none', padding: vars.space['5'], display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const title = style({ fontSize: vars.fontSize.lg });

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], color: vars.color.textMuted });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });
