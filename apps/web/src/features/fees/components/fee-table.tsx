import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FeeTableRow {
  readonly key: string;
  readonly label: string;
  /** A second line under the label, e.g. the countries of a region. */
  readonly detail?: string;
  readonly cells: readonly ReactNode[];
}

interface Props {
  /** Id of the section heading, which names the table for screen readers. */
  readonly labelledBy: string;
  readonly columns: readonly string[];
  readonly rows: readonly FeeTableRow[];
}

/**
 * A fee table whose text wraps, so it fits a 390 px screen without scrolling sideways. The first
 * cell of each row is its header.
 */
export function FeeTable({ labelledBy, columns, rows }: Props) {
  const valueWidth = columns.length > 2 ? '25%' : '40%';
  return (
    <Paper variant="outlined" sx={{ mt: 2 }}>
      <Table
        aria-labelledby={labelledBy}
        sx={{
          '& th, & td': {
            // Breaks a word only when it cannot fit whole; 'anywhere' would split short words.
            overflowWrap: 'break-word',
            hyphens: 'auto',
            verticalAlign: 'top',
            px: { xs: 1, sm: 2 },
          },
          '& tbody tr:last-of-type > *': { borderBottom: 0 },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell
                key={column}
                scope="col"
                // From 600 px the figures get a steady share, so a long label cannot squeeze them.
                sx={{ fontWeight: 700, width: i === 0 ? undefined : { sm: valueWidth } }}
              >
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.label}
                {row.detail && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    component="span"
                    sx={{ display: 'block', mt: 0.5 }}
                  >
                    {row.detail}
                  </Typography>
                )}
              </TableCell>
              {row.cells.map((cell, i) => (
                <TableCell key={columns[i + 1]} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
