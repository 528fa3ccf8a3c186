import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const options = styleVariants({
  inline: { display: 'flex', flexWrap: 'wrap', gap: `${vars.space['2']} ${vars.space['5']}` },
  cards: { display: 'grid', gap: vars.space['3'], gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 13rem), 1fr))' },
});

export const radio = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  minHeight: '2.75rem',
  paddingTop: vars.space['2'],
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' } },
});

export const card = style({
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-selected]': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
      boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
    },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const dot = style({
  width: '1.125rem',
  height: '1.125rem',
  marginTop: '0.125rem',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  selectors: {
    [`${radio}[data-selected] &`]: { borderColor: vars.color.primary, borderWidth: '5px' },
    [`${radio}[data-focus-visible]:not(${card}) &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    [`${radio}[data-invalid] &`]: { borderColor: vars.color.danger },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });

export const label = style({ fontWeight: vars.fontWeight.medium });

export const detail = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
