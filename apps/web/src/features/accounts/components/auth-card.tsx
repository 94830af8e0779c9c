import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * The frame of the account pages: a heading, a line under it, and the form on a card. The forms
 * lay out with Box grids rather than MUI's Stack, which would split @mui/system code out of the
 * first-load chunk into a chunk of its own (about +0.4 KiB on the landing page).
 */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontSize: { xs: 28, md: 34 }, textAlign: 'center' }}
        gutterBottom
      >
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
          {subtitle}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {children}
      </Paper>
    </Container>
  );
}

/** The centred line under an account form that leads to another account page ("No account? Sign up"). */
export function AuthLink({
  before,
  to,
  label,
  onClick,
  mt = 2,
}: {
  before?: string;
  to: string;
  label: string;
  onClick?(): void;
  mt?: number;
}) {
  return (
    <Typography sx={{ mt, textAlign: 'center' }}>
      {before && `${before} `}
      <Link component={RouterLink} to={to} onClick={onClick}>
        {label}
      </Link>
    </Typography>
  );
}
