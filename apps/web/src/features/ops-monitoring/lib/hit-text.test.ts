import type { MonitoringHit } from '@pago/shared/contracts/monitoring';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import enWords from '@/locales/en/opsMonitoring.json';
import esWords from '@/locales/es/opsMonitoring.json';
import { hitReason } from './hit-text';

async function translator(language: 'es' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    ns: ['opsMonitoring'],
    defaultNS: 'opsMonitoring',
    resources: { [language]: { opsMonitoring: language === 'es' ? esWords : enWords } },
    interpolation: { escapeValue: false },
  });
  return i18n.t as TFunction<'opsMonitoring'>;
}

const hit = (rule: MonitoringHit['rule'], figures: Record<string, unknown>): MonitoringHit => ({
  id: '0190a1b2-0000-7000-8000-000000000001',
  rule,
  status: 'open',
  reason: 'the English reason',
  figures,
  customer: null,
  subject: 'subject',
  transfers: [],
  createdAt: '2026-11-27T16:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionReason: null,
});

describe('a monitoring hit in words', () => {
  it('says how young the account is, in both languages', async () => {
    const figures = { ageDays: 0, sentCents: 110_000, receivedCents: 0, ratio: 3 };
    expect(hitReason(hit('new_account_outflow', figures), await translator('es'), 'es')).toBe(
      'Cuenta de menos de un día: envió $1,100.00 y recibió $0.00 de otras personas (al menos 3 veces lo recibido).',
    );
    expect(
      hitReason(
        hit('new_account_outflow', { ...figures, ageDays: 12 }),
        await translator('en'),
        'en',
      ),
    ).toBe(
      'An account 12 days old sent $1,100.00 and received $0.00 from others (at least 3 times what it received).',
    );
  });

  it('names the recipient abroad and the unrelated senders', async () => {
    const figures = {
      recipient: 'María López Ruiz (MX, clabe ••9411)',
      totalCents: 125_000,
      senders: 6,
      unrelatedSenders: 5,
      windowDays: 7,
    };
    expect(
      hitReason(hit('many_senders_one_recipient', figures), await translator('es'), 'es'),
    ).toBe(
      'María López Ruiz (MX, clabe ••9411) recibió $1,250.00 de 5 remitentes sin relación entre sí (6 en total) en 7 días.',
    );
  });

  it('says what changed and how much left after it; days just under the daily limit', async () => {
    const es = await translator('es');
    expect(
      hitReason(
        hit('credential_change_then_send', {
          fields: ['password', 'email'],
          changedAt: '2026-11-27T16:00:00.000Z',
          sentCents: 55_000,
          withinHours: 24,
        }),
        es,
        'es',
      ),
    ).toMatch(
      /^Cambió la contraseña y el correo el .+ y envió \$550\.00 en las 24 horas siguientes\.$/,
    );
    expect(
      hitReason(
        hit('structuring', {
          windowHours: 72,
          nearPercent: 10,
          nearTransfers: [],
          nearDays: [
            { day: '2026-11-26', totalCents: 240_000, lineCents: 250_000 },
            { day: '2026-11-27', totalCents: 240_000, lineCents: 250_000 },
          ],
        }),
        es,
        'es',
      ),
    ).toBe(
      '2 días con un total enviado justo debajo de un límite: 2026-11-26: $2,400.00 bajo $2,500.00, 2026-11-27: $2,400.00 bajo $2,500.00.',
    );
  });
});
