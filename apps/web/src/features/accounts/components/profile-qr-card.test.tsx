import { screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '@/test/profiles';
import { featureRenderer } from '@/test/render-feature';
import { PROFILE_QR_OPTIONS } from '../lib/profile-display';
import { ProfileQrCard } from './profile-qr-card';

const renderDashboard = featureRenderer('accounts');

describe('ProfileQrCard', () => {
  it('draws a 200×200 high-correction QR code of /find-user?id=<id> on this site', async () => {
    await renderDashboard(<ProfileQrCard user={makeProfile({ _id: 'u_42' })} />, {
      language: 'en',
    });

    const image = await screen.findByRole('img', {
      name: 'QR code that opens your Pago profile (@ana.lopez)',
    });
    expect(image).toHaveAttribute('width', '200');
    expect(image).toHaveAttribute('height', '200');
    const expectedUrl = `${window.location.origin}/find-user?id=u_42`;
    const src = image.getAttribute('src');
    // qrcode draws the same PNG for the same text and options; another id or a lower
    // correction level would give a different image.
    expect(src).toBe(await QRCode.toDataURL(expectedUrl, PROFILE_QR_OPTIONS));
    expect(src).not.toBe(
      await QRCode.toDataURL(`${window.location.origin}/find-user?id=u_43`, PROFILE_QR_OPTIONS),
    );
    expect(src).not.toBe(
      await QRCode.toDataURL(expectedUrl, { ...PROFILE_QR_OPTIONS, errorCorrectionLevel: 'M' }),
    );
    expect(PROFILE_QR_OPTIONS.errorCorrectionLevel).toBe('H');
    expect(src).toMatch(/^data:image\/png;base64,/);
  });

  it('downloads the same PNG named after the username', async () => {
    await renderDashboard(<ProfileQrCard user={makeProfile({ username: 'ana.lopez' })} />, {
      language: 'es',
    });
    const link = await screen.findByRole('link', { name: 'Descargar código QR' });
    expect(link).toHaveAttribute('download', 'ana.lopez.png');
    const image = screen.getByRole('img', { name: /Código QR que abre tu perfil de Pago/ });
    expect(link.getAttribute('href')).toBe(image.getAttribute('src'));
  });
});
