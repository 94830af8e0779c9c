import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser's barcode reader (Chromium on Android and macOS; absent elsewhere). */
type BarcodeDetectorLike = {
  detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]>;
};
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorClass | null {
  const found = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof found === 'function' ? found : null;
}

/**
 * A Pago QR code (a profile's, `/find-user?id=…`, or a pay link) read from a photo the phone's
 * camera takes: the link, on this site, is handed to `onLink` as a path. Where the browser cannot
 * read QR codes the button is not shown; the phone's own camera opens the same link.
 */
export function QrScanButton({ onLink }: { onLink(path: string): void }) {
  const { t } = useTranslation('send');
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const Detector = barcodeDetector();
  if (!Detector) return null;

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    try {
      const image = await createImageBitmap(file);
      const [code] = await new Detector({ formats: ['qr_code'] }).detect(image);
      const url = code ? new URL(code.rawValue, window.location.origin) : null;
      if (!url || url.origin !== window.location.origin) {
        setProblem(t('who.qr.notPago'));
        return;
      }
      onLink(`${url.pathname}${url.search}`);
    } catch {
      setProblem(t('who.qr.failed'));
    }
  };

  return (
    <>
      <Button component="label" htmlFor={inputId} variant="outlined">
        {t('who.qr.scan')}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={(event) => void read(event)}
        />
      </Button>
      {problem && (
        <Typography role="alert" color="error">
          {problem}
        </Typography>
      )}
    </>
  );
}
