// Plain values behind the theme contract. Kept apart from the .css.ts files so that code which is
// not styling (e.g. a media-query hook) can read them without pulling in vanilla-extract.
export const tokens = {
  color: {
    // Deep teal carries actions; navy carries the chrome (sidebar). Both pass WCAG AA on white text.
    primary: '#0b6e6b',
    primaryHover: '#095955',
    primaryActive: '#074643',
    primarySoft: '#e3f1f0',
    onPrimary: '#ffffff',
    navy: '#0f2537',
    navyRaised: '#173349',
    onNavy: '#e6eef4',
    onNavyMuted: '#9fb3c3',
    navyAccent: '#5cc8bf',
    background: '#f4f6f8',
    surface: '#ffffff',
    surfaceMuted: '#f8fafb',
    border: '#d9e0e6',
    borderStrong: '#b7c3cd',
    text: '#17232f',
    textMuted: '#56687a',
    danger: '#b42318',
    dangerHover: '#912018',
    dangerSoft: '#fdeceb',
    success: '#157a46',
    successSoft: '#e4f4ea',
    warning: '#a15c07',
    warningSoft: '#fdf3e1',
    focus: '#1c6fd1',
    focusOnDark: '#8fc8ff',
    overlay: 'rgba(15, 37, 55, 0.45)',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.875rem',
    md: '0.9375rem',
    // Inputs use 16px so that mobile Safari does not zoom the page on focus.
    input: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.25', normal: '1.5' },
  space: {
    '0': '0',
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.25rem',
    '6': '1.5rem',
    '8': '2rem',
    '10': '2.5rem',
    '12': '3rem',
  },
  radius: { sm: '4px', md: '8px', lg: '12px', full: '9999px' },
  shadow: {
    sm: '0 1px 2px rgba(15, 37, 55, 0.08)',
    md: '0 4px 12px rgba(15, 37, 55, 0.12)',
    lg: '0 12px 32px rgba(15, 37, 55, 0.18)',
  },
  zIndex: { sidebar: '20', assistant: '40', overlay: '50', toast: '60' },
} as const;

export const breakpoints = {
  // The sidebar becomes permanent from this width on; below it, it is a drawer.
  desktop: 1024,
  tablet: 640,
} as const;

export const media = {
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
} as const;
