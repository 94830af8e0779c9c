import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Label/value pairs as a description list: screen readers announce each label with its value. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      {children}
    </Box>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
        {label}
      </Box>
      <Box
        component="dd"
        sx={{
          m: 0,
          typography: 'body1',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
