import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'end' },
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 28rem) 13rem 11rem' },
  },
});

export const summary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const grid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(auto-fill, minmax(20rem, 1fr))' } },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});

export const cardHeader = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space['3'] });

export const fileIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  flexShrink: 0,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const titleBlock = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });

export const fileName = style({ fontSize: vars.fontSize.md, overflowWrap: 'anywhere' });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const facts = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['2'], margin: 0 });

globalStyle(`${facts} dt`, { fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });
globalStyle(`${facts} dd`, { margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const note = style({ fontSize: vars.fontSize.sm, fontStyle: 'italic', color: vars.color.textMuted });

export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  marginTop: 'auto',
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const reviewButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
