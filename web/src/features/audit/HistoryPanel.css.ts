import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const section = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space['3'] });

globalStyle(`${section} > div`, { alignSelf: 'stretch' });

export const sectionTitle = style({ fontSize: vars.fontSize.md });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const count = style({ marginRight: 'auto', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

// A vertical line with a dot per event: the timeline reads top (oldest) to bottom (newest).
export const timeline = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  borderLeft: `2px solid ${vars.color.border}`,
  marginLeft: vars.space['2'],
});

export const entry = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['3']} ${vars.space['5']}`,
  fontSize: vars.fontSize.sm,
  transition: 'opacity 120ms ease',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      left: '-7px',
      top: '0.85rem',
      width: '12px',
      height: '12px',
      borderRadius: vars.radius.full,
      background: vars.color.surface,
      border: `2px solid ${vars.color.primary}`,
    },
  },
});

export const current = style({
  background: vars.color.primarySoft,
  borderRadius: vars.radius.md,
  selectors: { '&::before': { background: vars.color.primary } },
});

// Events after the slider's moment had not happened yet: still readable, visibly in the future.
export const later = style({ opacity: 0.45 });

export const entryHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const entryTitle = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });

export const time = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const actor = style({ color: vars.color.text });

export const eventType = style({ color: vars.color.textMuted, fontFamily: vars.font.mono, fontSize: vars.fontSize.xs });

export const note = style({ margin: 0, fontStyle: 'italic' });

export const changes = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const change = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'baseline' });

export const changeField = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  selectors: { '&::after': { content: '":"' } },
});

export const changeValues = style({ margin: 0, overflowWrap: 'anywhere' });

export const before = style({ color: vars.color.danger, textDecoration: 'line-through' });

export const removed = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const after = style({ color: vars.color.success, fontWeight: vars.fontWeight.medium });
