import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateAreas: '"brand" "form" "offer"',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.desktop]: {
      gridTemplateAreas: '"brand form" "offer form"',
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      gridTemplateRows: 'auto 1fr',
    },
  },
});

const navyPanel = {
  background: vars.color.navy,
  color: vars.color.onNavy,
  paddingLeft: vars.space['5'],
  paddingRight: vars.space['5'],
} as const;

export const brand = style({
  ...navyPanel,
  gridArea: 'brand',
  paddingTop: vars.space['6'],
  paddingBottom: vars.space['6'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  '@media': {
    [media.desktop]: { paddingLeft: vars.space['12'], paddingRight: vars.space['12'], paddingTop: vars.space['12'] },
  },
});

export const logoRow = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });

export const logoMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.md,
  background: vars.color.navyAccent,
  color: vars.color.navy,
});

export const productName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const headline = style({
  fontSize: vars.fontSize.xl,
  maxWidth: '30rem',
  '@media': { [media.desktop]: { fontSize: vars.fontSize.xxl, marginTop: vars.space['6'] } },
});

export const lead = style({ color: vars.color.onNavyMuted, maxWidth: '32rem' });

export const offer = style({
  ...navyPanel,
  gridArea: 'offer',
  paddingTop: vars.space['6'],
  paddingBottom: vars.space['8'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['5'],
  '@media': {
    [media.desktop]: { paddingLeft: vars.space['12'], paddingRight: vars.space['12'], paddingTop: vars.space['4'] },
  },
});

export const tiers = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  maxWidth: '40rem',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const tier = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  background: vars.color.navyRaised,
  border: '1px solid rgba(255, 255, 255, 0.08)',
});

export const tierHighlighted = style({ borderColor: vars.color.navyAccent });

export const tierName = style({
  fontSize: vars.fontSize.md,
  color: vars.color.navyAccent,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const tierPrice = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const tierPer = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular, color: vars.color.onNavyMuted });

export const featureList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

export const feature = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space['2'] });

export const featureIcon = style({ color: vars.color.navyAccent, flexShrink: 0, marginTop: '2px' });

export const popia = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  maxWidth: '40rem',
  fontSize: vars.fontSize.sm,
  color: vars.color.onNavyMuted,
});

export const formArea = style({
  gridArea: 'form',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: `${vars.space['6']} ${vars.space['4']}`,
  '@media': { [media.desktop]: { alignItems: 'center', padding: vars.space['10'] } },
});

export const formCard = style({ width: '100%', maxWidth: '34rem' });

export const cardHeading = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space['1'] });

export const cardIntro = style({ color: vars.color.textMuted, marginBottom: vars.space['5'] });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space['3'],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
});

export const fullRow = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });

export const rowEnd = style({ display: 'flex', justifyContent: 'flex-end' });

export const formError = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const statusIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  marginBottom: vars.space['3'],
});
