import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] });

export const search = style({ flex: '1 1 18rem', maxWidth: '32rem' });

export const summary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const nameCell = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const name = style({ fontWeight: vars.fontWeight.semibold });

export const secondary = style({ display: 'block', width: '100%', color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const mono = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const loadMore = style({ display: 'flex', justifyContent: 'center' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const fieldset = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space['3'],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const fullRow = style({ gridColumn: '1 / -1' });

export const stepper = style({ display: 'flex', gap: vars.space['2'], fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const stepCurrent = style({ color: vars.color.primary, fontWeight: vars.fontWeight.semibold });

export const notice = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
});

export const actions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });

export const policyDetail = style({ display: 'flex', flexDirection: 'column' });

/** Two digits: the field need not span the dialog. */
export const debitDay = style({ maxWidth: '20rem' });
