import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space['5'],
  minWidth: 0,
});

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], marginBottom: vars.space['4'] });

export const title = style({ fontSize: vars.fontSize.lg });

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A card whose content stacks (list cards: agents, schemes, policy types, documents). */
export const stackedCard = style([card, { display: 'flex', flexDirection: 'column', gap: vars.space['3'] }]);

/** Cards side by side, as many as fit, at least 18rem wide each. */
export const cardGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
});
