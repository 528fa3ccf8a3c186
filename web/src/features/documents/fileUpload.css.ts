import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const box = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['3'],
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
  selectors: {
    '&[data-status="done"]': { borderStyle: 'solid', borderColor: vars.color.success, background: vars.color.successSoft },
    '&[data-status="failed"], &[data-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-status="failed"]': { borderStyle: 'solid', background: vars.color.dangerSoft },
  },
});

export const summary = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space['2'], flex: '1 1 12rem', minWidth: 0 });

export const fileIcon = style({
  display: 'inline-flex',
  color: vars.color.textMuted,
  paddingTop: '0.125rem',
  selectors: {
    '[data-status="done"] > * > &': { color: vars.color.success },
    '[data-status="failed"] > * > &': { color: vars.color.danger },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const name = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const meta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:empty': { display: 'none' },
    '&[data-status="done"]': { color: vars.color.success },
    '&[data-status="failed"]': { color: vars.color.danger },
  },
});

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
