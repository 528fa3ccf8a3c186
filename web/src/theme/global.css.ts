import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontSize: '100%',
  WebkitTextSizeAdjust: '100%',
  // A control reached by Tab (or scrolled to into view) stops above the assistant's round button, not under it.
  scrollPaddingBottom: '6rem',
});

globalStyle('body', {
  margin: 0,
  minWidth: '320px',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4, p', { margin: 0 });

globalStyle('h1, h2, h3, h4', { lineHeight: vars.lineHeight.tight, fontWeight: vars.fontWeight.semibold });

globalStyle('button, input, textarea, select', { font: 'inherit', color: 'inherit' });

// A fallback ring for anything focusable that no wrapper styles (plain links, the skip link).
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });

globalStyle('#root', { minHeight: '100vh' });
