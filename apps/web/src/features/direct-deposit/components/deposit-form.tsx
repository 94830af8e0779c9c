import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/lib/format';
import { downloadDirectDepositForm } from '../api/direct-deposit';

type AmountType = 'all' | 'percent' | 'fixed';

/** What the server takes (directDepositFormQuery): a whole 1–100, or dollars 1–100000. */
function valid(type: AmountType, value: string): boolean {
  if (type === 'all') return true;
  if (type === 'percent') return /^\d{1,3}$/.test(value) && +value >= 1 && +value <= 100;
  return /^\d{1,6}(\.\d{1,2})?$/.test(value) && +value >= 1 && +value <= 100_000;
}

/** The authorization form for the employer: all, a percentage or a fixed amount, as a PDF. */
export function DepositForm() {
  const { t } = useTranslation('direct-deposit');
  const locale = useLocale();
  const labelId = useId();
  const [type, setType] = useState<AmountType>('all');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const trimmed = value.trim();
  const invalid = touched && !valid(type, trimmed);

  const download = async () => {
    setTouched(true);
    if (!valid(type, trimmed)) return;
    setBusy(true);
    setFailed(false);
    try {
      await downloadDirectDepositForm(
        locale,
        type === 'all' ? { amountType: 'all' } : { amountType: type, value: trimmed },
        t('form.filename'),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title={t('form.title')}>
      <Typography color="text.secondary">{t('form.intro')}</Typography>
      <FormControl>
        <FormLabel id={labelId}>{t('form.split')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={type}
          onChange={(event) => {
            setType(event.target.value as AmountType);
            setValue('');
            setTouched(false);
          }}
        >
          <FormControlLabel value="all" control={<Radio />} label={t('form.all')} />
          <FormControlLabel value="percent" control={<Radio />} label={t('form.percent')} />
          <FormControlLabel value="fixed" control={<Radio />} label={t('form.fixed')} />
        </RadioGroup>
      </FormControl>
      {type !== 'all' && (
        <TextField
          label={type === 'percent' ? t('form.percentLabel') : t('form.fixedLabel')}
          value={value}
          inputMode={type === 'percent' ? 'numeric' : 'decimal'}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => setTouched(true)}
          error={invalid}
          helperText={
            invalid ? (type === 'percent' ? t('form.percentError') : t('form.fixedError')) : ' '
          }
          sx={{ maxWidth: 320 }}
        />
      )}
      {failed && (
        <Alert severity="error" role="alert">
          {t('form.downloadFailed')}
        </Alert>
      )}
      <Button
        variant="contained"
        onClick={() => void download()}
        disabled={busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        {busy ? t('form.downloading') : t('form.download')}
      </Button>
    </SectionCard>
  );
}
