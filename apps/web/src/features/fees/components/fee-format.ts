import {
  CORRIDORS,
  type CorridorCountry,
  type CorridorCurrency,
  type DurationUnit,
  type FeePrice,
  formatBps,
} from '@pago/shared/fees';
import { type Cents, formatUsd, intlLocale } from '@pago/shared/money';
import { getPhoneCountry } from '@pago/shared/phone-countries';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Turns the figures of FEE_SCHEDULE into text in one language; the words come from `fees`. */
export interface FeeFormat {
  readonly lang: Language;
  usd(amount: Cents): string;
  percent(bps: number): string;
  /** "30 minutos"; with min, a range: "1-3 días". */
  duration(unit: DurationUnit, max: number, min?: number): string;
  /** The price cell of a row. `free` replaces the generic "Gratis" where the section says it better. */
  price(price: FeePrice, free?: string): string;
  countryName(code: CorridorCountry): string;
  /** "Peso mexicano (MXN)". */
  currencyName(code: CorridorCurrency): string;
  /** "El Salvador, Panamá y Ecuador". */
  list(items: readonly string[]): string;
  /** Names of the corridor countries that receive this currency. */
  countriesPaidIn(currency: CorridorCurrency): string;
}

export function capitalize(text: string, lang: Language): string {
  return text.charAt(0).toLocaleUpperCase(intlLocale(lang)) + text.slice(1);
}

// 1 January 2024 was a Monday, so ISO weekday n falls on January n.
const isoWeekday = (day: number) => new Date(Date.UTC(2024, 0, day));
// Hours are wall-clock hours in the schedule's own time zone; UTC only carries them unchanged.
const atHour = (hour: number) => new Date(Date.UTC(2024, 0, 1, hour));

function isConsecutive(days: readonly number[]): boolean {
  return days.every((day, i) => i === 0 || day === (days[i - 1] ?? Number.NaN) + 1);
}

export function createFeeFormat(lang: Language, t: Translate): FeeFormat {
  const locale = intlLocale(lang);
  const whole = new Intl.NumberFormat(locale);
  const listFormat = new Intl.ListFormat(locale, { type: 'conjunction' });
  const currencies = new Intl.DisplayNames(locale, { type: 'currency' });

  const usd = (amount: Cents) => formatUsd(amount, lang);
  const percent = (bps: number) => formatBps(bps, lang);
  const per = (period: string) => t(`per.${period}`);

  const duration = (unit: DurationUnit, max: number, min?: number) => {
    const format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
    return min === undefined ? format.format(max) : format.formatRange(min, max);
  };

  const countryName = (code: CorridorCountry) => getPhoneCountry(code).name[lang];
  const list = (items: readonly string[]) => listFormat.format(items);

  function hours(price: Extract<FeePrice, { kind: 'hours' }>): string {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    const names = price.weekdays.map((day) => weekday.format(isoWeekday(day)));
    const first = names[0] ?? '';
    const last = names[names.length - 1] ?? '';
    const days =
      names.length > 2 && isConsecutive(price.weekdays)
        ? t('prices.weekdayRange', { from: first, to: last })
        : capitalize(list(names), lang);
    const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' });
    const zone = new Intl.DateTimeFormat(locale, {
      timeZone: price.timeZone,
      timeZoneName: 'longGeneric',
    })
      .formatToParts(atHour(price.fromHour))
      .find((part) => part.type === 'timeZoneName')?.value;
    return t('prices.hours', {
      days,
      hours: clock.formatRange(atHour(price.fromHour), atHour(price.toHour)),
      timeZone: zone ?? price.timeZone,
    });
  }

  function price(fee: FeePrice, free?: string): string {
    switch (fee.kind) {
      case 'free':
        return free ?? t('prices.free');
      case 'fixed': {
        const amount = fee.per
          ? t('prices.perUnit', { amount: usd(fee.cents), per: per(fee.per) })
          : usd(fee.cents);
        return fee.plusThirdPartyFees ? t('prices.plusThirdPartyFees', { amount }) : amount;
      }
      case 'percent':
        return t('prices.spread', { percent: percent(fee.bps) });
      case 'percentPlusFixed': {
        const base = t('prices.percentPlusFixed', {
          percent: percent(fee.bps),
          fixed: usd(fee.fixedCents),
        });
        return fee.expressExtraCents === undefined
          ? base
          : t('prices.withExpress', { price: base, extra: usd(fee.expressExtraCents) });
      }
      case 'freeUpToCount':
        return t('prices.freeUpToCount', {
          number: whole.format(fee.count),
          per: per(fee.per),
          after: usd(fee.thenCents),
        });
      case 'freeUpToAmount':
        return t('prices.freeUpToAmount', {
          amount: usd(fee.cents),
          per: per(fee.per),
          after: usd(fee.thenCents),
        });
      case 'limit':
        return t('prices.limit', { amount: usd(fee.cents), per: per(fee.per) });
      case 'duration':
        return fee.min === undefined
          ? t('prices.under', { duration: duration(fee.unit, fee.max) })
          : duration(fee.unit, fee.max, fee.min);
      case 'percentRangePlusFixedRange':
        return t('prices.percentRangePlusFixedRange', {
          minPercent: percent(fee.minBps),
          maxPercent: percent(fee.maxBps),
          minFixed: usd(fee.minFixedCents),
          maxFixed: usd(fee.maxFixedCents),
        });
      case 'hours':
        return hours(fee);
      case 'notice':
        return t('prices.notice', { duration: duration('day', fee.days) });
    }
  }

  return {
    lang,
    usd,
    percent,
    duration,
    price,
    countryName,
    currencyName: (code) => `${capitalize(currencies.of(code) ?? code, lang)} (${code})`,
    list,
    countriesPaidIn: (currency) =>
      list(CORRIDORS.filter((c) => c.currency === currency).map((c) => countryName(c.country))),
  };
}

/** The formatter for the active language, with the `fees` namespace's words. */
export function useFeeFormat(): FeeFormat {
  const { t, i18n } = useTranslation('fees');
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useMemo(() => createFeeFormat(lang, t), [lang, t]);
}
