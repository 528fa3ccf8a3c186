import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';
import { tokens } from './tokens';

// The contract names every token; components only ever read `vars`, so a second theme (e.g. dark)
// can later be added with createTheme(vars, ...) without touching a component.
export const vars = createThemeContract(tokens);

createGlobalTheme(':root', vars, tokens);

/** The visible focus ring used by every interactive wrapper (keyboard focus only). */
export const focusRing = {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
} as const;
