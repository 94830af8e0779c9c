import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CHECK_IMAGE_MAX_BYTES, CHECK_IMAGE_TYPES } from '@pago/shared/contracts/check-deposits';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One side of the check: the guidance, the phone's camera (a file input that asks for the rear
 * camera; on a computer, a file), a preview with "Tomar otra", then "Usar esta foto", which sends it.
 */
export function CheckPhotoStep({
  side,
  sending,
  error,
  onUse,
}: {
  side: 'front' | 'back';
  sending: boolean;
  error: string | null;
  onUse(photo: File): void;
}) {
  const { t } = useTranslation('checks');
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();

  // The preview's address lives as long as its photo.
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(CHECK_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setPhoto(null);
      return setProblem(t('photo.wrongType'));
    }
    if (file.size > CHECK_IMAGE_MAX_BYTES) {
      setPhoto(null);
      return setProblem(t('photo.tooLarge', { max: CHECK_IMAGE_MAX_BYTES / 1024 / 1024 }));
    }
    setProblem(null);
    setPhoto(file);
  };

  const title = t(side === 'front' ? 'photo.frontTitle' : 'photo.backTitle');
  const shown = problem ?? error;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {side === 'back' && (
          <li>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {t('photo.endorse')}
            </Typography>
          </li>
        )}
        {(['flat', 'corners', 'steady'] as const).map((tip) => (
          <li key={tip}>
            <Typography variant="body2">{t(`photo.guidance.${tip}`)}</Typography>
          </li>
        ))}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label={t(side === 'front' ? 'photo.takeFront' : 'photo.takeBack')}
        data-testid={`check-photo-${side}`}
        hidden
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {preview && (
        <Box
          component="img"
          src={preview}
          alt={t(side === 'front' ? 'photo.previewFront' : 'photo.previewBack')}
          sx={{
            width: '100%',
            maxWidth: 480,
            maxHeight: 280,
            objectFit: 'contain',
            borderRadius: 2,
            bgcolor: 'grey.900',
          }}
        />
      )}
      {shown && (
        <Typography role="alert" color="error" variant="body2">
          {shown}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {photo ? (
          <>
            <Button
              variant="contained"
              size="large"
              disabled={sending}
              onClick={() => onUse(photo)}
            >
              {sending ? t('photo.uploading') : t('photo.use')}
            </Button>
            <Button size="large" disabled={sending} onClick={() => input.current?.click()}>
              {t('photo.retake')}
            </Button>
          </>
        ) : (
          <Button variant="contained" size="large" onClick={() => input.current?.click()}>
            {t(side === 'front' ? 'photo.takeFront' : 'photo.takeBack')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
