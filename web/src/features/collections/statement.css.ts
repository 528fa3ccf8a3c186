import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

// The bank statement section and its dialogs (the page's own styles are in collections.css.ts).

export const suggestions = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], minWidth: 0 });
export const suggestionList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const suggestionItem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['1'],
  minWidth: 0,
});

/** A split's rows: the policy and its amount side by side from tablet width, stacked on a phone. */
export const allocations = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const allocation = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) 10rem auto' } },
});
export const allocationPolicy = style({
  gridColumn: '1 / -1',
  minWidth: 0,
  '@media': { [media.tablet]: { gridColumn: 'auto' } },
});
export const allocationAmount = style({ minWidth: 0 });
export const allocationRemove = style({ marginTop: '1.75rem' });
export const chosen = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });
export const chosenRow = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  minHeight: '2.5rem',
  overflowWrap: 'anywhere',
});

export const totals = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

/** The queue's suggestions in a row: a button each, its reason under it. */
export const queueSuggestions = style([suggestionList, { flexDirection: 'column' }]);
