import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { media } from '../../theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const wizard = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], maxWidth: '52rem', width: '100%' });

export const progressHead = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const stepCount = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.color.primary });

export const stepList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['5']}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

const stepBase = { display: 'inline-flex', alignItems: 'center', gap: vars.space['2'] } as const;

export const stepCurrent = style({ ...stepBase, color: vars.color.primary, fontWeight: vars.fontWeight.semibold });
export const stepDone = style({ ...stepBase, color: vars.color.text });
export const stepTodo = style({ ...stepBase, color: vars.color.textMuted });

export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.5rem',
  height: '1.5rem',
  borderRadius: vars.radius.full,
  border: '1.5px solid currentColor',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const stepTitle = style({ fontSize: vars.fontSize.lg });

export const fields = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const fullRow = style({ gridColumn: '1 / -1' });

/** On a row of its own under the policy type and cover, two digits wide (the beneficiary starts the next row). */
export const debitDay = style({ gridColumn: '1 / -1', maxWidth: '20rem' });

export const actions = style({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: vars.space['2'] });

export const family = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
});

/** The optional Debit order section of step 3 (issue #21), framed like the family list. */
export const debitOrder = style([family]);

export const familyHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const familyList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const familyItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const strong = style({ fontWeight: vars.fontWeight.semibold });

export const secondary = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['2'] });
