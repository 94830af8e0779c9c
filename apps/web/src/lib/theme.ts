import { createTheme } from '@mui/material/styles';

// MUI's default breakpoints (0/600/900/1200/1536) and 8 px spacing are the spec's; colours change,
// and motion follows the person's setting.
export const theme = createTheme({
  palette: {
    primary: { main: '#3A4ADF', dark: '#1E2A8A', contrastText: '#FFFFFF' },
    secondary: { main: '#0F7B5C', contrastText: '#FFFFFF' },
    warning: { main: '#B25E09' },
    // MUI's light blue (#0288D1) is under 4.5:1 on white: a pending chip's words must be legible.
    info: { main: '#01579B' },
    background: { default: '#F7F8FC' },
    text: { primary: '#1B1F3B', secondary: '#4B5563' },
  },
  shape: { borderRadius: 8 },
  // A person who asked their device for less motion gets it: transitions, ripples, spinners and
  // skeletons stop under `prefers-reduced-motion: reduce` (MUI's default, 'never', ignores it).
  motion: { reducedMotion: 'system' },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
