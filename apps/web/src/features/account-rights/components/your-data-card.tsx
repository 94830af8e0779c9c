import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';

const DownloadDataDialog = lazy(() =>
  import('./download-data-dialog').then((module) => ({ default: module.DownloadDataDialog })),
);
const CloseAccountDialog = lazy(() =>
  import('./close-account-dialog').then((module) => ({ default: module.CloseAccountDialog })),
);

/**
 * "Tus datos" on the profile: a copy of one's data (a ZIP of JSON and CSV files) and closing the
 * account, each confirmed with the password in its own dialog (docs/account-rights.md).
 */
export function YourDataCard() {
  const { t } = useTranslation('accountRights');
  const [open, setOpen] = useState<'download' | 'close' | null>(null);
  return (
    <Box id="tus-datos" sx={{ scrollMarginTop: 80 }}>
      <SectionCard title={t('card.title')}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('card.intro')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button variant="outlined" onClick={() => setOpen('download')}>
              {t('download.button')}
            </Button>
            <Button color="error" onClick={() => setOpen('close')}>
              {t('close.button')}
            </Button>
          </Box>
        </Box>
      </SectionCard>
      <Suspense fallback={null}>
        {open === 'download' && <DownloadDataDialog onClose={() => setOpen(null)} />}
        {open === 'close' && <CloseAccountDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </Box>
  );
}
