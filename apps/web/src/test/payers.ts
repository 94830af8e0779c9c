import type { Payer } from '@pago/shared/contracts/remittances';

/** A payer as the catalogue answers it: a Mexican bank paying to a CLABE within a day. */
export function makePayer(overrides: Partial<Payer> = {}): Payer {
  return {
    id: '1002',
    name: 'Banco Ejemplo México',
    country: 'MX',
    method: 'bank_deposit',
    currency: 'MXN',
    minAmount: '1.00',
    maxAmount: '50000.00',
    deliveryMinutes: 1440,
    express: false,
    fields: ['clabe'],
    ...overrides,
  };
}

/** The sandbox's Guatemalan cash pickup network (docs/thunes.md): pays in minutes, any agent. */
export const GT_CASH_PAYER = makePayer({
  id: '2101',
  name: 'Red de Pagos Ejemplo Guatemala',
  country: 'GT',
  method: 'cash_pickup',
  currency: 'GTQ',
  maxAmount: '20000.00',
  deliveryMinutes: 15,
  express: true,
  // The sandbox's cash pickup payers ask for the recipient's ID (docs/thunes.md).
  fields: ['id_type', 'id_number'],
});
