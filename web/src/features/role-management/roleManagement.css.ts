import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const tab = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

// System Setup

export const setup = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

// Role cards

export const roleGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
});

export const roleCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});

export const roleName = style({ fontSize: vars.fontSize.md, textTransform: 'capitalize' });

export const roleCount = style({
  marginTop: 'auto',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primaryActive,
});

// Company Users

export const userList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const userRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
  '@media': { [media.tablet]: { gridTemplateColumns: 'auto minmax(0, 1fr) auto 11rem auto' } },
});

export const initials = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primaryActive,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
});

export const userText = style({ display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' });

export const userName = style({ fontWeight: vars.fontWeight.semibold });

export const secondary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// On a phone the badge sits under the name (column 2), not under the initials where it would widen column 1.
export const roleBadge = style({ justifySelf: 'start', gridColumn: 2, '@media': { [media.tablet]: { gridColumn: 'auto' } } });

// Reset password and Deactivate side by side, under the name on a phone.
export const userActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  gridColumn: '1 / -1',
  '@media': { [media.tablet]: { gridColumn: 'auto', justifyContent: 'flex-end' } },
});

export const temporaryPassword = style({
  display: 'block',
  padding: vars.space['3'],
  margin: `${vars.space['3']} 0`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.lg,
  letterSpacing: '0.05em',
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const rowSelect = style({ gridColumn: '1 / -1', '@media': { [media.tablet]: { gridColumn: 'auto' } } });

// Permission lists (both permission tabs)

export const picker = style({ maxWidth: '28rem' });

export const groups = style({
  display: 'grid',
  alignItems: 'start',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const groupTitle = style({
  padding: `0 ${vars.space['1']}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'capitalize',
});

export const permission = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const permissionDescription = style({
  margin: 0,
  // Under the label, past the checkbox (1.25rem box + gap).
  paddingLeft: `calc(1.25rem + ${vars.space['2']})`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

// User Permissions

export const userSummary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
});

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], margin: 0, padding: 0, listStyle: 'none' });

// Grant and Revoke sit beside the text on a wide screen, under it where the category boxes are narrow.
export const overrideRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space['2'],
  '@media': { [media.desktop]: { gridTemplateColumns: 'auto minmax(0, 1fr) auto' } },
});

export const overrideText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const overrideActions = style({
  display: 'flex',
  gap: vars.space['1'],
  gridColumn: 2,
  '@media': { [media.desktop]: { gridColumn: 'auto' } },
});

export const effect = style({ display: 'inline-flex', borderRadius: vars.radius.full, padding: '2px' });

export const effectTone = styleVariants({
  on: { color: vars.color.success, background: vars.color.successSoft },
  off: { color: vars.color.danger, background: vars.color.dangerSoft },
});

// Create User

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const fields = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const fullRow = style({ gridColumn: '1 / -1' });

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });

/** The role and, when deactivated, that too (issue #25). */
// On a phone the badges sit under the name (column 2): in column 1 they would widen the initials' column and squeeze the name.
export const userBadges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  gridColumn: 2,
  '@media': { [media.tablet]: { gridColumn: 'auto' } },
});
