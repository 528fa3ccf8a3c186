import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const policy = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  paddingBlock: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-of-type': { borderTop: 'none', paddingTop: 0 } },
});

export const policyHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const policyTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.lg,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const mono = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** A paid claim's payout under its status (issue #23). */
export const claimPaid = style({ display: 'block', marginTop: vars.space['1'], color: vars.color.textMuted, fontSize: vars.fontSize.xs });
