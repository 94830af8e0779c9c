import Box from '@mui/material/Box';
import { code128Widths } from '../lib/code128';

/** Quiet zone on each side, in modules (Code 128 asks for at least 10). */
const QUIET = 12;

/**
 * A barcode number as a scannable Code 128 symbol: black bars on white, as large as its box,
 * with the digits under it (what the cashier types when the scanner fails).
 */
export function Barcode({ value, label }: { value: string; label: string }) {
  const widths = code128Widths(value);
  const modules = widths.reduce((sum, w) => sum + w, 0) + 2 * QUIET;
  const bars: { x: number; w: number }[] = [];
  let x = QUIET;
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, w });
    x += w;
  });
  const grouped = value.replace(/(\d{4})(?=\d)/g, '$1 ');
  return (
    <Box
      sx={{
        bgcolor: '#fff',
        color: '#000',
        borderRadius: 2,
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: 1,
        border: '1px solid',
        borderColor: 'divider',
      }}
    >
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${modules} 60`}
        preserveAspectRatio="none"
        width="100%"
        height="120"
        shapeRendering="crispEdges"
        data-testid="cash-barcode"
      >
        <rect x="0" y="0" width={modules} height="60" fill="#fff" />
        {bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y="0" width={bar.w} height="60" fill="#000" />
        ))}
      </svg>
      <Box
        component="p"
        data-testid="cash-barcode-number"
        sx={{
          m: 0,
          textAlign: 'center',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: { xs: 20, sm: 24 },
          letterSpacing: '0.08em',
          fontWeight: 700,
        }}
      >
        {grouped}
      </Box>
    </Box>
  );
}
