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
