import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import type { TransitionProps } from '@mui/material/transitions';
import { forwardRef, type ReactElement, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import { ExternalSignInButton } from './external-signin-button';
import { SignupForm } from './signup-form';

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
 * the overlay and the close button all close it. It holds the sign-up form with the terms box;
 * once the code is sent it closes and the person continues on /verify.
 */
export default function SignupModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();

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
        <Typography sx={{ mb: 2 }}>{t('signupModal.intro')}</Typography>
        <ExternalSignInButton />
        <SignupForm onSuccess={onClose} onLogInClick={onClose} />
      </DialogContent>
    </Dialog>
  );
}
