import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const tabBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], paddingTop: vars.space['2'] });

export const companyPicker = style({ maxWidth: '28rem' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const strong = style({ fontWeight: vars.fontWeight.semibold });

export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });

export const monoBlock = style([mono, { display: 'block', color: vars.color.textMuted }]);

export const nowrap = style({ whiteSpace: 'nowrap' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const loadMore = style({ display: 'flex', justifyContent: 'center' });

export const cardTitle = style({ fontSize: vars.fontSize.lg });

// Verification

export const verify = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const verifyHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

const verdict = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
});

export const verifyOk = style([verdict, { background: vars.color.successSoft, color: vars.color.success }]);

export const verifyBroken = style([verdict, { background: vars.color.dangerSoft, color: vars.color.danger }]);

globalStyle(`${verdict} p`, { margin: 0 });

export const brokenLink = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: `${vars.space['2']} 0 0`,
});

globalStyle(`${brokenLink} > div`, { display: 'contents' });
globalStyle(`${brokenLink} dt`, { fontWeight: vars.fontWeight.semibold });
globalStyle(`${brokenLink} dd`, { margin: 0, overflowWrap: 'anywhere', color: vars.color.text });

// Entity timeline and time travel

export const pickers = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: '13rem minmax(0, 28rem)', alignItems: 'end' } },
});

export const timeTravel = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const timelineHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const entityTitle = style({ fontSize: vars.fontSize.xl });

export const split = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});

export const asOf = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [media.desktop]: { position: 'sticky', top: vars.space['4'] } },
});

export const asOfTitle = style({ fontSize: vars.fontSize.md });

export const stateFields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${stateFields} > div`, { display: 'contents' });
globalStyle(`${stateFields} dt`, { color: vars.color.textMuted, overflowWrap: 'anywhere' });
globalStyle(`${stateFields} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const changedField = style({});

globalStyle(`${changedField} dt, ${changedField} dd`, { fontWeight: vars.fontWeight.semibold, color: vars.color.primaryActive });

export const changedTag = style({ fontWeight: vars.fontWeight.regular, fontSize: vars.fontSize.xs });

// Company history

export const filters = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'end',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr)) auto' },
  },
});

export const changeList = style({ margin: 0, paddingLeft: vars.space['4'], fontSize: vars.fontSize.xs });

// Compliance reports

export const reports = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const report = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });

export const chartArea = style({ width: '100%', height: '13rem' });

// Personal data

export const personForm = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'end',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 28rem) auto', justifyContent: 'start' } },
});

export const exportResult = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  marginTop: vars.space['3'],
  fontSize: vars.fontSize.sm,
});

export const refusal = style({
  marginTop: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
