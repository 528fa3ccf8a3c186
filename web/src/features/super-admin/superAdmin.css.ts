import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const tab = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 28rem) 13rem', alignItems: 'end' } },
});

export const tabHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const panel = style({ borderTop: `3px solid ${vars.color.danger}` });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const fields = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space['3'] });

export const plans = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
});

export const plan = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], height: '100%' });

export const planHead = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space['2'] });

export const planName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const price = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const per = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular, color: vars.color.textMuted });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const factLabel = style({ color: vars.color.textMuted });

export const features = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  fontSize: vars.fontSize.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const planActions = style({ display: 'flex', gap: vars.space['2'], marginTop: 'auto' });

export const value = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere', maxWidth: '22rem' });

export const description = style({ maxWidth: '28rem', overflowWrap: 'anywhere' });

/** A compliance entry's status, the resolution's note and the Resolve button, one under the other. */
export const statusCell = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space['1'] });

/** A row's buttons side by side, wrapping on a phone. */
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
