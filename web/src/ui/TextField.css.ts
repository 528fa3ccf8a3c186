import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const input = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.fontSize.input,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 0.8 },
    '&[data-hovered]': { borderColor: vars.color.textMuted },
    '&[data-focused]': {
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 2px ${vars.color.focus}`,
    },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-invalid][data-focused]': { boxShadow: `0 0 0 2px ${vars.color.danger}` },
    '&[data-disabled]': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
  },
});

export const textarea = style([input, { resize: 'none', lineHeight: vars.lineHeight.normal }]);
