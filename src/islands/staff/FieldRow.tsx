import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** Fields side by side on wider screens, one under another on phones; each keeps a usable width. */
export function FieldRow({ children, min = 180 }: { children: ReactNode; min?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        width: '100%',
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', sm: `repeat(auto-fit, minmax(${min}px, 1fr))` },
      }}
    >
      {children}
    </Box>
  );
}
