import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/**
 * The submit button of a money form: disabled while the identity is checked (`checkingLabel`) or
 * the call runs ("Processing..."), else `label`.
 */
export function MoneySubmitButton({
  label,
  pending,
  checking = false,
  checkingLabel,
}: {
  label: string;
  pending: boolean;
  checking?: boolean;
  checkingLabel?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={pending || checking}
      sx={{ justifySelf: { sm: 'start' } }}
    >
      {checking ? checkingLabel : pending ? t('status.processing') : label}
    </Button>
  );
}
