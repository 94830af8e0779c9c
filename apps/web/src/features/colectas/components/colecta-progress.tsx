import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Colecta } from '@pago/shared/contracts/colectas';
import { formatUsd } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';

/** What is collected of the target, as a bar and in words. */
export function ColectaProgress({ colecta }: { colecta: Colecta }) {
  const { t } = useTranslation('colectas');
  const locale = useLocale();
  const percent = Math.min(100, Math.round((colecta.collectedCents / colecta.targetCents) * 100));
  const text = t('detail.progress', {
    collected: formatUsd(colecta.collectedCents, locale),
    target: formatUsd(colecta.targetCents, locale),
  });
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography sx={{ fontWeight: 700 }} data-testid="colecta-progress">
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('detail.progressLabel')}
        aria-valuetext={text}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  );
}
