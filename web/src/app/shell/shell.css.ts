import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

const SIDEBAR_WIDTH = '16.5rem';

export const layout = style({
  minHeight: '100vh',
  '@media': { [media.desktop]: { display: 'grid', gridTemplateColumns: `${SIDEBAR_WIDTH} minmax(0, 1fr)` } },
});

export const desktopSidebar = style({
  display: 'none',
  '@media': {
    [media.desktop]: { display: 'flex', position: 'sticky', top: 0, height: '100vh', zIndex: vars.zIndex.sidebar },
  },
});

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sidebar,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '3.5rem',
  padding: `0 ${vars.space['2']}`,
  background: vars.color.navy,
  color: vars.color.onNavy,
  '@media': { [media.desktop]: { display: 'none' } },
});

export const topBarTitle = style({
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const onDarkButton = style({
  color: vars.color.onNavy,
  selectors: {
    '&[data-hovered]:not([data-disabled])': { background: 'rgba(255, 255, 255, 0.08)' },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusOnDark}`, outlineOffset: '2px' },
  },
});

export const main = style({
  padding: vars.space['4'],
  paddingBottom: '6rem', // room for the assistant button so it never covers the last line
  maxWidth: '80rem',
  width: '100%',
  '@media': { [media.desktop]: { padding: vars.space['8'], paddingBottom: '6rem' } },
});

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  height: '100%',
  background: vars.color.navy,
  color: vars.color.onNavy,
  overflowY: 'auto',
});

export const brand = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: `${vars.space['5']} ${vars.space['5']} ${vars.space['4']}`,
  borderBottom: '1px solid rgba(255, 255, 255, 0.08)',
});

export const brandRow = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space['2'] });

export const companyName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.tight });

export const liveSystem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.xs,
  color: vars.color.onNavyMuted,
});

export const liveDot = style({
  width: '0.5rem',
  height: '0.5rem',
  borderRadius: vars.radius.full,
  background: '#3ccf7e',
  boxShadow: '0 0 0 3px rgba(60, 207, 126, 0.2)',
});

export const nav = style({ flex: 1, padding: `${vars.space['3']} ${vars.space['3']}` });

export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' });

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '2.5rem',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  color: vars.color.onNavyMuted,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:hover': { background: 'rgba(255, 255, 255, 0.06)', color: vars.color.onNavy },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusOnDark}`, outlineOffset: '-3px' },
  },
});

export const navLinkActive = style({
  background: vars.color.navyRaised,
  color: vars.color.onNavy,
  boxShadow: `inset 3px 0 0 ${vars.color.navyAccent}`,
});

export const usage = style({
  margin: `0 ${vars.space['3']} ${vars.space['3']}`,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.navyRaised,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const usageRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['2'], fontSize: vars.fontSize.sm });

export const usageTier = style({ fontWeight: vars.fontWeight.semibold });

export const usageCount = style({ color: vars.color.onNavyMuted });

export const userBlock = style({ padding: vars.space['3'], borderTop: '1px solid rgba(255, 255, 255, 0.08)' });

export const userButton = style({
  width: '100%',
  justifyContent: 'flex-start',
  gap: vars.space['3'],
  minHeight: '3.25rem',
  padding: `${vars.space['2']} ${vars.space['2']}`,
  textAlign: 'left',
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  background: vars.color.navyAccent,
  color: vars.color.navy,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

export const userText = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 });

export const userName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const userRole = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.onNavyMuted,
});

export const usageWarning = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: '#f5c26b',
});

// Light red on the navy panel: the danger token is for white backgrounds and would not read here.
export const usageReached = style({ color: '#ff9b92' });
