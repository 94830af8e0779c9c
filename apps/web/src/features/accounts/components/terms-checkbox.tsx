import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import type { Ref } from 'react';
import { Trans, useTranslation } from 'react-i18next';

type Props = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
};

/**
 * "I accept the Terms & Conditions and the Privacy Policy": the one terms box of every sign-up
 * path (/signup, the sign-up dialog, a first external sign-in), its links opening /terms and
 * /privacy in a new tab. What it accepts is TERMS_VERSION, which the server records.
 */
export function TermsCheckbox({ checked, onChange, onBlur, inputRef, disabled }: Props) {
  const { t } = useTranslation('common');
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={checked}
          slotProps={{ input: { ref: inputRef } }}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
        />
      }
      label={
        <Trans
          t={t}
          i18nKey="signupModal.acceptTerms"
          components={{
            terms: <Link href="/terms" target="_blank" rel="noopener" />,
            privacy: <Link href="/privacy" target="_blank" rel="noopener" />,
          }}
        />
      }
    />
  );
}
