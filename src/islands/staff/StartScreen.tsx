/**
 * What /staff/ shows before react-admin has loaded: a page of the back office's colours with one card in
 * its middle (the sign-in form), or a line saying the back office is loading. Plain markup and
 * `styles/staff-start.css`, drawn in the look of the back office's MUI theme, so it needs neither MUI nor
 * react-admin and is visible as soon as the page is.
 */
import type { CSSProperties, ReactNode } from 'react';
import { STAFF_FOCUS_RING, STAFF_FONT, STAFF_PALETTE } from './palette.ts';
import '../../styles/staff-start.css';

const colours = {
  '--staff-primary': STAFF_PALETTE.primary.main,
  '--staff-on-primary': STAFF_PALETTE.primary.contrastText,
  '--staff-error': STAFF_PALETTE.error.main,
  '--staff-text': STAFF_PALETTE.text.primary,
  '--staff-text-secondary': STAFF_PALETTE.text.secondary,
  '--staff-background': STAFF_PALETTE.background.default,
  '--staff-focus-ring': STAFF_FOCUS_RING,
  '--staff-font': STAFF_FONT,
} as CSSProperties;

export function StartScreen({ children }: { children: ReactNode }) {
  return (
    <main className="staff-start" style={colours}>
      {children}
    </main>
  );
}

/** The back office is on its way (a signed-in person's first load, or after signing in). */
export function StaffLoading() {
  return (
    <StartScreen>
      <p className="staff-start__loading" role="status">
        Загружаем раздел управления…
      </p>
    </StartScreen>
  );
}
