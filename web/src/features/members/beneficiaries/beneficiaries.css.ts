import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/theme.css';
import { media } from '../../../theme/tokens';

// A policy's beneficiaries: the list on the member's page and the dialog's repeatable rows.

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });
export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const mono = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], minWidth: 0 });
export const rows = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], margin: 0, padding: 0 });

// A field focused by Tab or by Add beneficiary scrolls clear of the dialog's title.
globalStyle(`${rows} :is(input, button)`, { scrollMarginTop: '5rem', scrollMarginBottom: '6rem' });

export const row = style({
  position: 'relative',
  margin: 0,
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});
export const rowLegend = style({
  float: 'left',
  padding: 0,
  marginBottom: vars.space['3'],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});
export const rowRemove = style({ position: 'absolute', top: vars.space['3'], right: vars.space['3'] });

/** One column on a phone, two from tablet width, three in the wide dialog on a desktop. */
export const rowFields = style({
  clear: 'both',
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const totals = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});
export const total = style({ fontVariantNumeric: 'tabular-nums', fontWeight: vars.fontWeight.semibold });
export const totalOff = style({ color: vars.color.danger });

export const alert = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
export const formActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });
