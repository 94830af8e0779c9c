import { describe, expect, it } from 'vitest';
import {
  deliveryOption,
  deliveryTime,
  deliveryWindow,
  instantDelivery,
  standardSchedule,
} from './delivery-times';
import { CORRIDOR_COUNTRIES, getCorridor } from './fees';
import { EXPRESS_MAX_MINUTES } from './payers';
import { standardDeliveryDays } from './remittances';

describe('delivery times: one text per corridor and speed', () => {
  it('says each region’s standard days, in Spanish and English', () => {
    expect(deliveryTime('MX', 'standard', 'es')).toBe('Llega en 1 día');
    expect(deliveryTime('GT', 'standard', 'es')).toBe('Llega en hasta 2 días');
    expect(deliveryTime('CO', 'standard', 'es')).toBe('Llega en hasta 3 días');
    expect(deliveryTime('MX', 'standard', 'en')).toBe('Arrives in 1 day');
    expect(deliveryTime('SV', 'standard', 'en')).toBe('Arrives within 2 days');
  });

  it('says express is under the payers’ express minutes, whatever the corridor', () => {
    expect(deliveryTime('MX', 'express', 'es')).toBe(
      `Llega en menos de ${EXPRESS_MAX_MINUTES} minutos`,
    );
    expect(deliveryTime('PE', 'express', 'en')).toBe(
      `Arrives in under ${EXPRESS_MAX_MINUTES} minutes`,
    );
  });

  it('names the speed first for a choice, and never says "1 a 3 días" for a corridor', () => {
    expect(deliveryOption('MX', 'standard', 'es')).toBe('Estándar: llega en 1 día');
    expect(deliveryOption('HN', 'express', 'en')).toBe('Express: arrives in under 30 minutes');
    for (const country of CORRIDOR_COUNTRIES) {
      for (const lang of ['es', 'en'] as const) {
        expect(deliveryTime(country, 'standard', lang)).not.toMatch(/1 (a|to) 3/);
      }
    }
  });

  it('matches the window the server plans with (standardDeliveryDays)', () => {
    for (const country of CORRIDOR_COUNTRIES) {
      const window = deliveryWindow(country, 'standard');
      expect(window).toEqual({ unit: 'days', max: standardDeliveryDays(country).max });
      const region = getCorridor(country).region;
      expect(window.max).toBe(region === 'mexico' ? 1 : region === 'central_america' ? 2 : 3);
    }
    expect(deliveryWindow('MX', 'express')).toEqual({ unit: 'minutes', max: EXPRESS_MAX_MINUTES });
  });

  it('gives the schedule by region, and a country outside the corridors the general window', () => {
    expect(standardSchedule('es')).toBe(
      'México: 1 día · Centroamérica: hasta 2 días · Sudamérica: hasta 3 días',
    );
    expect(standardSchedule('en')).toBe(
      'Mexico: 1 day · Central America: up to 2 days · South America: up to 3 days',
    );
    expect(deliveryTime('US', 'standard', 'es')).toBe('Llega en 1 a 3 días');
    expect(instantDelivery('es')).toBe('Llega al instante');
  });
});
