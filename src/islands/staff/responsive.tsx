import type { ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';

/** Phones get a one-column list of cards instead of a table wider than the screen. */
export function usePhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}

/** `phone` below the `sm` breakpoint, `wide` above it. */
export function ByScreen({ phone, wide }: { phone: ReactNode; wide: ReactNode }) {
  return usePhone() ? phone : wide;
}

/**
 * An edit screen with its history aside (`aside`): beside the form from the `md` breakpoint, below it on
 * narrower screens (react-admin puts the two in one row, which made a 390 px screen 908 px wide).
 */
export const ASIDE_BELOW_ON_PHONES = {
  '& .RaEdit-main': { flexDirection: { xs: 'column', md: 'row' } },
  // As wide as the screen, not as the widest line of its content (a chip, a table row).
  '& .RaEdit-card': { minWidth: 0, maxWidth: '100%' },
} as const;
