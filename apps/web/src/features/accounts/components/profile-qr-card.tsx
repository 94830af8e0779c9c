import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@pago/shared/contracts/accounts';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/lib/visually-hidden';
import { PROFILE_QR_OPTIONS, profileQrTarget } from '../lib/profile-display';

type QrImage = { target: string; dataUrl: string } | { target: string; failed: true };

/**
 * "My Profile QR Code": a PNG drawn in the browser (no request leaves the page) that opens
 * /find-user for this user on this site, and a link that saves it as <username>.png.
 */
export function ProfileQrCard({ user }: { user: UserProfile }) {
  const { t } = useTranslation('accounts');
  const target = profileQrTarget(window.location.origin, user._id);
  const [image, setImage] = useState<QrImage | null>(null);

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(target, PROFILE_QR_OPTIONS).then(
      (dataUrl) => {
        if (current) setImage({ target, dataUrl });
      },
      (error: unknown) => {
        console.error('Could not draw the profile QR code', error);
        if (current) setImage({ target, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [target]);

  const ready = image?.target === target ? image : null;
  const fileName = `${user.username || 'pago'}.png`;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Typography color="text.secondary" sx={{ alignSelf: 'stretch' }}>
        {t('qr.intro')}
      </Typography>
      {ready && 'failed' in ready ? (
        <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
          {t('qr.failed')}
        </Alert>
      ) : (
        <>
          {ready ? (
            <Box
              component="img"
              src={ready.dataUrl}
              width={PROFILE_QR_OPTIONS.width}
              height={PROFILE_QR_OPTIONS.width}
              alt={t('qr.alt', { username: user.username })}
              sx={{ display: 'block', border: 1, borderColor: 'divider', borderRadius: 1 }}
            />
          ) : (
            <Box role="status">
              <Box component="span" sx={visuallyHidden}>
                {t('qr.generating')}
              </Box>
              <Skeleton
                aria-hidden
                variant="rectangular"
                width={PROFILE_QR_OPTIONS.width}
                height={PROFILE_QR_OPTIONS.width}
              />
            </Box>
          )}
          {ready ? (
            <Button variant="contained" component="a" href={ready.dataUrl} download={fileName}>
              {t('qr.download')}
            </Button>
          ) : (
            <Button variant="contained" disabled>
              {t('qr.download')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
