import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// Below the tablet breakpoint each row becomes a card of "label: value" lines, so a phone never has
// to scroll sideways through eight columns; from the breakpoint on it is an ordinary table.
const narrow = 'screen and (max-width: 639.98px)';

export const frame = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  overflowX: 'auto',
  '@media': { [narrow]: { background: 'transparent', border: 'none', boxShadow: 'none', overflow: 'visible' } },
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

globalStyle(`${table} th`, {
  textAlign: 'left',
  padding: `${vars.space['3']} ${vars.space['2']}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.03em',
  color: vars.color.textMuted,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});

globalStyle(`${table} td`, {
  padding: `${vars.space['3']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

globalStyle(`${table} tbody tr:last-child td`, { borderBottom: 'none' });

// The outer columns keep the frame's inset.
const wide = 'screen and (min-width: 640px)';
globalStyle(`${table} th:first-child, ${table} td:first-child`, { '@media': { [wide]: { paddingLeft: vars.space['4'] } } });
globalStyle(`${table} th:last-child, ${table} td:last-child`, { '@media': { [wide]: { paddingRight: vars.space['4'] } } });

globalStyle(`${table} thead`, {
  '@media': {
    [narrow]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)' },
  },
});

globalStyle(`${table} tbody`, { '@media': { [narrow]: { display: 'block' } } });

globalStyle(`${table} tr`, { '@media': { [narrow]: { display: 'flex', flexDirection: 'column' } } });

globalStyle(`${table} tbody tr`, {
  '@media': {
    [narrow]: {
      marginBottom: vars.space['3'],
      padding: vars.space['3'],
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      boxShadow: vars.shadow.sm,
    },
  },
});

globalStyle(`${table} td`, {
  '@media': {
    [narrow]: {
      display: 'grid',
      gridTemplateColumns: '7.5rem minmax(0, 1fr)',
      gap: vars.space['2'],
      alignItems: 'center',
      padding: `${vars.space['1']} 0`,
      border: 'none',
      wordBreak: 'break-word',
    },
  },
});

globalStyle(`${table} td::before`, {
  '@media': {
    [narrow]: {
      content: 'attr(data-label)',
      fontSize: vars.fontSize.xs,
      fontWeight: vars.fontWeight.semibold,
      color: vars.color.textMuted,
    },
  },
});

/** The row's lead cell (name or number): on a phone it is the card's title line, without a label. */
export const leadCell = style({});

// Through the table's class, to outweigh the card rules for every cell above.
globalStyle(`${table} td${leadCell}`, {
  '@media': { [narrow]: { order: -1, gridTemplateColumns: 'minmax(0, 1fr)', fontSize: vars.fontSize.md } },
});

globalStyle(`${table} td${leadCell}::before`, { '@media': { [narrow]: { display: 'none' } } });

// One line in a table row; on a phone card the buttons wrap instead of pushing the page sideways (issue #25: History did, to 415 px).
export const actions = style({
  display: 'flex',
  flexWrap: 'nowrap',
  gap: vars.space['2'],
  alignItems: 'center',
  '@media': { [narrow]: { flexWrap: 'wrap' } },
});
