import { randomInt } from 'node:crypto';
import type { PickupLocation } from '@pago/shared/contracts/remittances';
import type { PayoutPartner } from '../../providers/payout/payout-partner';

type Place = Omit<PickupLocation, 'id' | 'country'>;

/**
 * The sandbox partner's cash pickup catalog: two made-up agent locations per country it pays cash
 * in (ids `<country>-<n>`, e.g. `MX-1`). Made-up names: no real business is named.
 */
const CATALOG: Record<string, Place[]> = {
  MX: [
    {
      name: 'Farmacia La Esperanza',
      address: 'Av. Juárez 120, Centro',
      city: 'Guadalajara',
      hours: '8:00–21:00',
    },
    { name: 'Tienda El Sol', address: 'Calle Hidalgo 45', city: 'Puebla', hours: '9:00–20:00' },
  ],
  GT: [
    {
      name: 'Agencia Quetzal',
      address: '6a Avenida 10-25, Zona 1',
      city: 'Ciudad de Guatemala',
      hours: '8:00–18:00',
    },
    {
      name: 'Super La Ceiba',
      address: '4a Calle 3-12',
      city: 'Quetzaltenango',
      hours: '8:00–19:00',
    },
  ],
  SV: [
    {
      name: 'Agencia El Volcán',
      address: 'Calle Arce 812',
      city: 'San Salvador',
      hours: '8:00–18:00',
    },
    {
      name: 'Tienda Los Pinos',
      address: 'Av. Independencia 15',
      city: 'Santa Ana',
      hours: '8:00–17:00',
    },
  ],
  HN: [
    {
      name: 'Agencia Morazán',
      address: 'Bulevar Morazán 300',
      city: 'Tegucigalpa',
      hours: '8:00–18:00',
    },
    {
      name: 'Pulpería San José',
      address: '3a Calle 7',
      city: 'San Pedro Sula',
      hours: '7:00–19:00',
    },
  ],
  NI: [
    {
      name: 'Agencia Lago Azul',
      address: 'Km 4 Carretera Norte',
      city: 'Managua',
      hours: '8:00–17:00',
    },
    { name: 'Tienda La Merced', address: 'Calle Real 22', city: 'León', hours: '8:00–18:00' },
  ],
  CO: [
    {
      name: 'Giros La Candelaria',
      address: 'Carrera 7 # 12-40',
      city: 'Bogotá',
      hours: '8:00–19:00',
    },
    {
      name: 'Droguería El Poblado',
      address: 'Calle 10 # 43-15',
      city: 'Medellín',
      hours: '8:00–20:00',
    },
  ],
  PE: [
    { name: 'Agencia Miraflores', address: 'Av. Larco 345', city: 'Lima', hours: '9:00–19:00' },
    {
      name: 'Bodega El Misti',
      address: 'Calle Mercaderes 120',
      city: 'Arequipa',
      hours: '8:00–20:00',
    },
  ],
  EC: [
    {
      name: 'Agencia El Ejido',
      address: 'Av. 10 de Agosto N24-10',
      city: 'Quito',
      hours: '8:00–18:00',
    },
    {
      name: 'Tienda Malecón',
      address: 'Av. 9 de Octubre 410',
      city: 'Guayaquil',
      hours: '9:00–19:00',
    },
  ],
  BO: [
    {
      name: 'Agencia Illimani',
      address: 'Av. 16 de Julio 1490',
      city: 'La Paz',
      hours: '8:30–18:30',
    },
    {
      name: 'Tienda El Cristo',
      address: 'Calle 24 de Septiembre 55',
      city: 'Santa Cruz',
      hours: '8:00–19:00',
    },
  ],
};

/**
 * The sandbox payout partner, in process and deterministic by the recipient's phone number:
 * a national number ending in 0000 fails (refunded automatically); one ending in 9999 is held for
 * review a day before it is paid (time to cancel it); any other is delivered. Cash pickup is paid
 * at the locations of its catalog, with an 8-digit pickup code.
 */
export function createSandboxPayoutPartner(): PayoutPartner {
  return {
    available: true,
    outcome(recipientPhone) {
      return recipientPhone.endsWith('0000')
        ? { status: 'failed', reason: 'The recipient account was closed by the payout partner' }
        : { status: 'delivered' };
    },
    reviewHoldMs(recipientPhone) {
      return recipientPhone.endsWith('9999') ? 24 * 60 * 60 * 1000 : 0;
    },
    pickupLocations(country) {
      return (CATALOG[country] ?? []).map((place, i) => ({
        id: `${country}-${i + 1}`,
        country,
        ...place,
      }));
    },
    issuePickupCode() {
      return String(randomInt(10_000_000, 100_000_000));
    },
  };
}
