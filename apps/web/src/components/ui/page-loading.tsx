import Box from '@mui/material/Box';

/**
 * Fills the viewport while a page's code or translations load, so the footer does not jump up
 * and back down (layout shift) when the page arrives. Plain text: it is on screen for moments.
 */
export function PageLoading({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', py: 10, textAlign: 'center', color: 'text.secondary' }}
    >
      {label}
    </Box>
  );
}
