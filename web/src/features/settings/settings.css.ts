import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], maxWidth: '60rem' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const fields = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const fullRow = style({ gridColumn: '1 / -1' });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space['2'] });

export const readOnlyNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const details = style({
  display: 'grid',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  gridTemplateColumns: 'minmax(8rem, auto) minmax(0, 1fr)',
  margin: 0,
});

export const term = style({ color: vars.color.textMuted });

export const definition = style({ margin: 0, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });

export const role = style({ textTransform: 'capitalize' });

export const securityItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const securityText = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const subheading = style({ fontSize: vars.fontSize.md, marginTop: vars.space['4'] });

export const itemTitle = style({ fontSize: vars.fontSize.md });

export const preview = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.sm,
});

export const previewLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, marginBottom: vars.space['1'] });

export const placeholderList = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'], margin: 0, padding: 0, listStyle: 'none' });

export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
