import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 28rem) 11rem 14rem', alignItems: 'end' } },
});

export const tableCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const strong = style({ fontWeight: vars.fontWeight.semibold });

export const muted = style({ color: vars.color.textMuted });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const nowrap = style({ whiteSpace: 'nowrap' });
