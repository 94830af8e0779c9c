import { type CorridorCountry, DELIVERY_TIMES, isCorridorCountry } from './fees';
import { EXPRESS_MAX_MINUTES } from './payers';
import { standardDeliveryDays } from './remittances';

/**
 * When money sent home arrives, in words: the one text per corridor and speed that the
 * calculator, the send-home steps, Enviar/Solicitar, /fees and the receipt all show, in Spanish
 * and English. The numbers are the ones the server uses with the payout partner: standard
 * delivery is the corridor's days (`standardDeliveryDays`, which a bank payer without its own
 * estimate is given in payers.service), express is a payer that pays within
 * EXPRESS_MAX_MINUTES (payers.ts), and a Pago user is paid at once.
 */

export type DeliveryLanguage = 'es' | 'en';
export type DeliverySpeed = 'standard' | 'express';

/** A corridor's delivery window for a speed: minutes (express) or days (standard). */
export type DeliveryWindow = { unit: 'minutes'; max: number } | { unit: 'days'; max: number };

export function deliveryWindow(country: CorridorCountry, speed: DeliverySpeed): DeliveryWindow {
  return speed === 'express'
    ? { unit: 'minutes', max: EXPRESS_MAX_MINUTES }
    : { unit: 'days', max: standardDeliveryDays(country).max };
}

const WORDS = {
  es: {
    standard: 'Estándar',
    express: 'Exprés',
    minutes: (max: number) => `llega en menos de ${max} minutos`,
    days: (max: number) => (max === 1 ? 'llega en 1 día' : `llega en hasta ${max} días`),
    instant: 'llega al instante',
    region: { mexico: 'México', central_america: 'Centroamérica', south_america: 'Sudamérica' },
    dayCount: (max: number) => (max === 1 ? '1 día' : `hasta ${max} días`),
  },
  en: {
    standard: 'Standard',
    express: 'Express',
    minutes: (max: number) => `arrives in under ${max} minutes`,
    days: (max: number) => (max === 1 ? 'arrives in 1 day' : `arrives within ${max} days`),
    instant: 'arrives instantly',
    region: {
      mexico: 'Mexico',
      central_america: 'Central America',
      south_america: 'South America',
    },
    dayCount: (max: number) => (max === 1 ? '1 day' : `up to ${max} days`),
  },
} as const;

function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * "Llega en 1 día" / "Arrives within 2 days" / "Llega en menos de 30 minutos": when money sent
 * to `country` at `speed` arrives. A country outside the corridors (an old transfer) gets the fee
 * schedule's general window.
 */
export function deliveryTime(country: string, speed: DeliverySpeed, lang: DeliveryLanguage) {
  const words = WORDS[lang];
  if (speed === 'express') return capitalized(words.minutes(EXPRESS_MAX_MINUTES));
  if (!isCorridorCountry(country)) {
    return lang === 'es'
      ? `Llega en ${DELIVERY_TIMES.standardMinDays} a ${DELIVERY_TIMES.standardMaxDays} días`
      : `Arrives in ${DELIVERY_TIMES.standardMinDays} to ${DELIVERY_TIMES.standardMaxDays} days`;
  }
  return capitalized(words.days(standardDeliveryDays(country).max));
}

/** "Estándar: llega en 1 día" / "Express: arrives in under 30 minutes" — the speed named first. */
export function deliveryOption(country: string, speed: DeliverySpeed, lang: DeliveryLanguage) {
  const words = WORDS[lang];
  const time = deliveryTime(country, speed, lang);
  return `${words[speed]}: ${time.charAt(0).toLocaleLowerCase()}${time.slice(1)}`;
}

/** "Llega al instante" / "Arrives instantly": a Pago user is paid at once. */
export function instantDelivery(lang: DeliveryLanguage): string {
  return capitalized(WORDS[lang].instant);
}

/**
 * The standard schedule by region, for the fee schedule: "México: 1 día · Centroamérica: hasta 2
 * días · Sudamérica: hasta 3 días".
 */
export function standardSchedule(lang: DeliveryLanguage): string {
  const words = WORDS[lang];
  // One country per region: the days are the region's (standardDeliveryDays).
  const example = { mexico: 'MX', central_america: 'GT', south_america: 'CO' } as const;
  return (Object.keys(example) as (keyof typeof example)[])
    .map((region) => {
      const max = standardDeliveryDays(example[region]).max;
      return `${words.region[region]}: ${words.dayCount(max)}`;
    })
    .join(' · ');
}
