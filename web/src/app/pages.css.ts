import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { media } from '../theme/tokens';

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

// A detail page's way back to its list, and its grid of facts (a group scheme, a member).

export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  alignSelf: 'flex-start',
  fontSize: vars.fontSize.sm,
});

export const infoGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  margin: 0,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
  },
});

globalStyle(`${infoGrid} dt`, { fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });
globalStyle(`${infoGrid} dd`, { margin: 0, marginTop: vars.space['1'], fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const infoWide = style({ gridColumn: '1 / -1' });

globalStyle(`${infoWide} dd`, { fontWeight: vars.fontWeight.regular });
