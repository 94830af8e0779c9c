import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import type { TransitionProps } from '@mui/material/transitions';
import { forwardRef, type ReactElement, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';

/** The spec's close animation: 300 ms. */
export const SIGNUP_MODAL_CLOSE_MS = 300;

const SlideUp = forwardRef(function SlideUp(
  props: TransitionProps & { children: ReactElement },
  ref: React.Ref<unknown>,
) {
  return <Slide direction="up" ref={ref} {...props} />;
});

type Props = { open: boolean; onClose: () => void };

/**
 * The slide-up signup dialog, opened by the page-wide open-signup-modal event. Escape, a click on
 * the overlay and the close button all close it. The account form itself arrives with accounts.
 */
export default function SignupModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [accepted, setAccepted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  // Trans puts the translated link text inside these; both pages open in a new tab (spec §2).
  const newTab = (to: string) => <Link href={to} target="_blank" rel="noopener" />;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      slots={{ transition: SlideUp }}
      transitionDuration={{ enter: 300, exit: SIGNUP_MODAL_CLOSE_MS }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('signupModal.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('signupModal.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        {message && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {message}
          </Alert>
        )}
        <Typography sx={{ mb: 2 }}>{t('signupModal.intro')}</Typography>
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('status.comingWithAccounts')}
        </Alert>
        <FormControlLabel
          control={
            <Checkbox
              checked={accepted}
              onChange={(event) => {
                setAccepted(event.target.checked);
                if (event.target.checked) setMessage(null);
              }}
            />
          }
          label={
            <Trans
              i18nKey="signupModal.acceptTerms"
              components={{ terms: newTab('/terms'), privacy: newTab('/privacy') }}
            />
          }
        />
        <Button
          fullWidth
          variant="contained"
          size="large"
          sx={{ mt: 2 }}
          onClick={() => {
            if (!accepted) setMessage(t('signupModal.termsRequired'));
          }}
        >
          {t('nav.signUp')}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Typography component="span">{t('signupModal.haveAccount')} </Typography>
          <Link component={RouterLink} to="/login" onClick={onClose}>
            {t('signupModal.logIn')}
          </Link>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
