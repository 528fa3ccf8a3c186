import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// Shared by TextField and Select so that every form control lines up the same way.
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const description = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
});

/**
 * The asterisk after a required field's label. Generated content with empty alternative text
 * ('"*" / ""'), so it is seen but neither read nor part of the label's text: the input already says
 * aria-required, and the accessible name stays 'Bank name', not 'Bank name star'. Browsers without
 * the alternative-text syntax keep the plain '"*"' declaration before it.
 */
export const requiredLabel = style({
  selectors: {
    '&::after': { content: ['"*"', '"*" / ""'], color: vars.color.danger, marginLeft: '0.125rem' },
  },
});
