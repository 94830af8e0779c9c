import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DirectDeposit } from '@pago/shared/contracts/direct-deposit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';

const masked = (number: string) => `••••${number.slice(-4)}`;

/** One labelled number with its copy button. */
function NumberRow({
  label,
  value,
  shown,
  copyValue,
  onCopied,
  extra,
}: {
  label: string;
  value: string;
  shown: string;
  copyValue: string;
  onCopied(what: string): void;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation('direct-deposit');
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          sx={{ fontFamily: 'monospace', fontSize: '1.15rem', letterSpacing: 1 }}
          data-value={value === shown ? 'shown' : 'masked'}
        >
          {shown}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {extra}
        <Button
          size="small"
          variant="outlined"
          aria-label={t('numbers.copyLabel', { what: label.toLowerCase() })}
          onClick={() => void navigator.clipboard?.writeText(copyValue).then(() => onCopied(label))}
        >
          {t('numbers.copy')}
        </Button>
      </Box>
    </Box>
  );
}

/** The bank, routing and account numbers (the account masked until "Mostrar"), each copyable. */
export function DepositNumbers({ data }: { data: DirectDeposit }) {
  const { t } = useTranslation('direct-deposit');
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <SectionCard title={t('numbers.title')}>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('numbers.bank')}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{data.bankName}</Typography>
      </Box>
      <NumberRow
        label={t('numbers.routing')}
        value={data.routingNumber}
        shown={data.routingNumber}
        copyValue={data.routingNumber}
        onCopied={setCopied}
      />
      <NumberRow
        label={t('numbers.account')}
        value={data.accountNumber}
        shown={revealed ? data.accountNumber : masked(data.accountNumber)}
        copyValue={data.accountNumber}
        onCopied={setCopied}
        extra={
          <Button
            size="small"
            aria-pressed={revealed}
            aria-label={revealed ? t('numbers.hideLabel') : t('numbers.showLabel')}
            onClick={() => setRevealed((now) => !now)}
          >
            {revealed ? t('numbers.hide') : t('numbers.show')}
          </Button>
        }
      />
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('numbers.type')}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{t('numbers.checking')}</Typography>
      </Box>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
        {copied ? t('numbers.copied', { what: copied }) : ''}
      </Typography>
    </SectionCard>
  );
}
