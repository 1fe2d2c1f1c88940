/**
 * The back office's colours (the shop's, styles/tokens.css) in MUI's palette shape: the theme of the
 * back office (StaffApp.tsx) and the sign-in form, which is drawn without MUI, both take them from here.
 */
export const STAFF_PALETTE = {
  primary: { main: '#0a6e8a', contrastText: '#ffffff' },
  secondary: { main: '#0c2d3e', contrastText: '#e9f2f6' },
  // Every coloured chip carries white text at 4.5:1 or more (MUI's default info and warning do not).
  success: { main: '#0c7a54', contrastText: '#ffffff' },
  info: { main: '#01579b', contrastText: '#ffffff' },
  error: { main: '#b3261e', contrastText: '#ffffff' },
  warning: { main: '#8a5a00', contrastText: '#ffffff' },
  background: { default: '#f5f7f9' },
  text: { primary: '#16232f', secondary: '#566575' },
} as const;

/** The keyboard focus ring of the back office's buttons. */
export const STAFF_FOCUS_RING = '3px solid #f0a500';

/** The back office's font stack. */
export const STAFF_FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
