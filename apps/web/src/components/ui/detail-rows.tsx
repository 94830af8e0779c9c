import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** `id` keys a row whose label another row shares (a disclosure's two "Transfer amount"s). */
export type DetailRow = { id?: string; label: string; value: ReactNode; strong?: boolean };

/**
 * Label and value pairs as a description list, side by side even at 390 px: a label takes at
 * most half the width (then wraps), so a long value wraps beside it instead of running over it.
 */
export function DetailRows({ rows }: { rows: DetailRow[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      {rows.map((row) => (
        <Box key={row.id ?? row.label} sx={{ display: 'contents' }}>
          <Box
            component="dt"
            sx={{
              color: row.strong ? 'text.primary' : 'text.secondary',
              fontWeight: row.strong ? 700 : 400,
            }}
          >
            {row.label}
          </Box>
          <Box
            component="dd"
            sx={{
              m: 0,
              textAlign: 'right',
              overflowWrap: 'anywhere',
              fontWeight: row.strong ? 700 : 400,
            }}
          >
            {row.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
