import { describe, expect, it } from 'vitest';
import { recipientBody } from './contracts/remittances';
import { CORRIDOR_COUNTRIES } from './fees';
import {
  BANK_ACCOUNT_FORMATS,
  expectedDeliveryBy,
  isValidBankAccount,
  isValidCbu,
  isValidClabe,
  isValidIban,
  payoutMethodsFor,
  standardDeliveryDays,
} from './remittances';

describe('CLABE check digit', () => {
  it.each([
    '032180000118359719',
    '002010077777777771',
    // Banxico's worked example.
    '002115016003269411',
  ])('accepts %s', (clabe) => {
    expect(isValidClabe(clabe)).toBe(true);
  });

  it('refuses a wrong check digit, a typo in any digit, and the wrong length or characters', () => {
    expect(isValidClabe('032180000118359718')).toBe(false);
    // Every single-digit change of a valid CLABE breaks its check digit (weights 3, 7, 1 are
    // prime to 10).
    const valid = '032180000118359719';
    for (let i = 0; i < 17; i++) {
      const other = (Number(valid[i]) + 1) % 10;
      expect(isValidClabe(valid.slice(0, i) + other + valid.slice(i + 1))).toBe(false);
    }
    expect(isValidClabe('03218000011835971')).toBe(false);
    expect(isValidClabe('0321800001183597190')).toBe(false);
    expect(isValidClabe('03218000011835971A')).toBe(false);
  });
});

describe('bank accounts per corridor country', () => {
  it('checks an Argentine CBU’s two check digits', () => {
    expect(isValidCbu('2850590940090418135201')).toBe(true);
    expect(isValidCbu('2850590940090418135202')).toBe(false);
    expect(isValidCbu('2850591940090418135201')).toBe(false);
  });

  it('checks an IBAN’s country, length and mod-97 check digits', () => {
    expect(isValidIban('GT82TRAJ01020000001210029690', 'GT', 28)).toBe(true);
    expect(isValidIban('GT83TRAJ01020000001210029690', 'GT', 28)).toBe(false);
    expect(isValidIban('CR05015202001026284066', 'CR', 22)).toBe(true);
    expect(isValidIban('CR05015202001026284066', 'SV', 22)).toBe(false);
    expect(isValidBankAccount('SV', 'SV62CENR00000000000000700025')).toBe(true);
    expect(isValidBankAccount('BR', 'BR1800360305000010009795493C1')).toBe(true);
    expect(isValidBankAccount('BR', 'BR1800360305000010009795493C2')).toBe(false);
  });

  it('checks the digits and length of the other countries', () => {
    for (const country of CORRIDOR_COUNTRIES) {
      const format = BANK_ACCOUNT_FORMATS[country];
      if (format.kind !== 'digits') continue;
      expect(isValidBankAccount(country, '1'.repeat(format.min))).toBe(true);
      expect(isValidBankAccount(country, '1'.repeat(format.max))).toBe(true);
      expect(isValidBankAccount(country, '1'.repeat(format.min - 1))).toBe(false);
      expect(isValidBankAccount(country, '1'.repeat(format.max + 1))).toBe(false);
      expect(isValidBankAccount(country, `A${'1'.repeat(format.min)}`)).toBe(false);
    }
    expect(isValidBankAccount('PE', '00219300123456789012')).toBe(true);
    expect(isValidBankAccount('PE', '0021930012345678901')).toBe(false);
  });
});

describe('payout methods and delivery per corridor', () => {
  it('offers bank deposit everywhere, cash pickup and mobile wallets where the corridor has them', () => {
    expect(payoutMethodsFor('MX')).toEqual(['bank_deposit', 'cash_pickup']);
    expect(payoutMethodsFor('GT')).toEqual(['bank_deposit', 'cash_pickup', 'mobile_wallet']);
    expect(payoutMethodsFor('PY')).toEqual(['bank_deposit', 'mobile_wallet']);
    expect(payoutMethodsFor('CL')).toEqual(['bank_deposit']);
  });

  it('gives each corridor its standard delivery days', () => {
    expect(standardDeliveryDays('MX')).toEqual({ min: 1, max: 1 });
    expect(standardDeliveryDays('GT')).toEqual({ min: 1, max: 2 });
    expect(standardDeliveryDays('AR')).toEqual({ min: 1, max: 3 });
    const at = new Date('2026-11-20T15:00:00Z');
    expect(expectedDeliveryBy('MX', 'express', at).toISOString()).toBe('2026-11-20T15:30:00.000Z');
    expect(expectedDeliveryBy('CO', 'standard', at).toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });
});

describe('recipientBody', () => {
  const base = { firstName: 'María', lastName: 'López', country: 'MX', phone: '+525512345678' };
  const payer = { payerId: '1002' };
  const issues = (value: unknown) =>
    recipientBody.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('accepts a CLABE typed with spaces, and stores it without them', () => {
    const parsed = recipientBody.parse({
      ...base,
      payout: { method: 'bank_deposit', ...payer, fields: { clabe: '032 180 00011835971 9' } },
    });
    expect(parsed.payout).toEqual({
      method: 'bank_deposit',
      payerId: '1002',
      fields: { clabe: '032180000118359719' },
    });
  });

  it('refuses a bad CLABE, a method the country lacks, and phones of another country', () => {
    expect(
      issues({
        ...base,
        payout: { method: 'bank_deposit', ...payer, fields: { clabe: '032180000118359718' } },
      }),
    ).toEqual([['payout.fields.clabe', 'account_invalid']]);
    expect(issues({ ...base, payout: { method: 'mobile_wallet', ...payer, fields: {} } })).toEqual([
      ['payout.method', 'method_unavailable'],
    ]);
    expect(
      issues({
        ...base,
        country: 'GT',
        phone: '+525512345678',
        payout: { method: 'mobile_wallet', ...payer, fields: { msisdn: '+525512345678' } },
      }),
    ).toEqual([
      ['phone', 'phone_not_of_country'],
      ['payout.fields.msisdn', 'phone_not_of_country'],
    ]);
    expect(
      issues({ ...base, firstName: ' ', payout: { method: 'cash_pickup', ...payer, fields: {} } }),
    ).toHaveLength(1);
    // Fields Pago does not know, and a payer id that is no number, are refused.
    expect(
      issues({ ...base, payout: { method: 'cash_pickup', ...payer, fields: { nickname: 'x' } } }),
    ).toHaveLength(1);
    expect(
      issues({ ...base, payout: { method: 'cash_pickup', payerId: 'MX-1', fields: {} } }),
    ).toHaveLength(1);
  });
});
