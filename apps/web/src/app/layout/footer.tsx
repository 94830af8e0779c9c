import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const LEGAL_LINKS = [
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/fees', key: 'footer.fees' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: '#1B1F3B', color: '#FFFFFF', py: 4, mt: 6 }}>
      <Container
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          justifyContent: 'space-between',
        }}
      >
        <Box
          component="nav"
          aria-label={t('footer.legal')}
          sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}
        >
          {LEGAL_LINKS.map((link) => (
            <Box
              key={link.to}
              component={RouterLink}
              to={link.to}
              sx={{
                color: 'inherit',
                textDecoration: 'none',
                '&:hover': { textDecoration: 'underline' },
              }}
            >
              {t(link.key)}
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.85 }}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}
