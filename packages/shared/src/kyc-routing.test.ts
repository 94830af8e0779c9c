import { describe, expect, it } from 'vitest';
import {
  kycProviderForZip,
  routeKycProvider,
  US_ZIP_PREFIXES,
  usStateForZip,
  type ZipRoutingReason,
} from './kyc-routing';
import type { PhoneCountryCode } from './phone-countries';

// First and last allocated prefix of every state, DC, territory and military code, written out
// by hand rather than read from the table, so a slip in either shows up.
const STATE_EDGES: [zip: string, state: string][] = [
  ['35004', 'AL'],
  ['36925', 'AL'],
  ['99501', 'AK'],
  ['99950', 'AK'],
  ['85001', 'AZ'],
  ['86556', 'AZ'],
  ['71601', 'AR'],
  ['72959', 'AR'],
  ['90001', 'CA'],
  ['96162', 'CA'],
  ['80001', 'CO'],
  ['81658', 'CO'],
  ['06001', 'CT'],
  ['06928', 'CT'],
  ['19701', 'DE'],
  ['19980', 'DE'],
  ['20001', 'DC'],
  ['56901', 'DC'],
  ['32004', 'FL'],
  ['34997', 'FL'],
  ['30001', 'GA'],
  ['39901', 'GA'],
  ['96701', 'HI'],
  ['96898', 'HI'],
  ['83201', 'ID'],
  ['83876', 'ID'],
  ['60001', 'IL'],
  ['62999', 'IL'],
  ['46001', 'IN'],
  ['47997', 'IN'],
  ['50001', 'IA'],
  ['52809', 'IA'],
  ['66002', 'KS'],
  ['67954', 'KS'],
  ['40003', 'KY'],
  ['42788', 'KY'],
  ['70001', 'LA'],
  ['71497', 'LA'],
  ['03901', 'ME'],
  ['04992', 'ME'],
  ['20601', 'MD'],
  ['21930', 'MD'],
  ['01001', 'MA'],
  ['05544', 'MA'],
  ['48001', 'MI'],
  ['49971', 'MI'],
  ['55001', 'MN'],
  ['56763', 'MN'],
  ['38601', 'MS'],
  ['39776', 'MS'],
  ['63001', 'MO'],
  ['65899', 'MO'],
  ['59001', 'MT'],
  ['59937', 'MT'],
  ['68001', 'NE'],
  ['69367', 'NE'],
  ['88901', 'NV'],
  ['89883', 'NV'],
  ['03031', 'NH'],
  ['03897', 'NH'],
  ['07001', 'NJ'],
  ['08989', 'NJ'],
  ['87001', 'NM'],
  ['88441', 'NM'],
  ['00501', 'NY'],
  ['14975', 'NY'],
  ['27006', 'NC'],
  ['28909', 'NC'],
  ['58001', 'ND'],
  ['58856', 'ND'],
  ['43001', 'OH'],
  ['45999', 'OH'],
  ['73001', 'OK'],
  ['74966', 'OK'],
  ['97001', 'OR'],
  ['97920', 'OR'],
  ['15001', 'PA'],
  ['19640', 'PA'],
  ['02801', 'RI'],
  ['02940', 'RI'],
  ['29001', 'SC'],
  ['29945', 'SC'],
  ['57001', 'SD'],
  ['57799', 'SD'],
  ['37010', 'TN'],
  ['38589', 'TN'],
  ['73301', 'TX'],
  ['88595', 'TX'],
  ['84001', 'UT'],
  ['84791', 'UT'],
  ['05001', 'VT'],
  ['05907', 'VT'],
  ['20101', 'VA'],
  ['24658', 'VA'],
  ['98001', 'WA'],
  ['99403', 'WA'],
  ['24701', 'WV'],
  ['26886', 'WV'],
  ['53001', 'WI'],
  ['54990', 'WI'],
  ['82001', 'WY'],
  ['83128', 'WY'],
  ['96910', 'GU'],
  ['96932', 'GU'],
];

// Prefixes whose state differs from their neighbours'.
const ENCLAVES: [zip: string, state: string][] = [
  ['20166', 'VA'], // Dulles, between DC prefixes
  ['05501', 'MA'], // IRS Andover, among Vermont
  ['73344', 'TX'], // IRS Austin, among Oklahoma
  ['88510', 'TX'], // El Paso, between New Mexico and Nevada
  ['39813', 'GA'], // after Mississippi
  ['56915', 'DC'], // between Minnesota and South Dakota
  ['85138', 'AZ'], // Maricopa AZ, 851 is a post-2005 prefix
  ['77101', 'TX'], // 771 Houston, allocated though little used
  ['87201', 'NM'], // 872 Albuquerque, likewise
  ['09901', 'AE'], // 099 is APO/FPO AE in the USPS matrix
];

describe('US ZIPs by state', () => {
  it.each(STATE_EDGES)('%s is in %s and goes to Plaid', (zip, state) => {
    expect(usStateForZip(zip)).toBe(state);
    expect(routeKycProvider(zip)).toEqual({ provider: 'plaid', reason: 'us_zip' });
  });

  it.each(ENCLAVES)('%s is in %s', (zip, state) => {
    expect(usStateForZip(zip)).toBe(state);
    expect(kycProviderForZip(zip)).toBe('plaid');
  });
});

describe('the example ranges spec §4 lists', () => {
  it.each([
    ['00501', 'NY'],
    ['00544', 'NY'],
    ['01000', 'MA'],
    ['02799', 'MA'],
    ['10000', 'NY'],
    ['14999', 'NY'],
    ['98000', 'WA'],
    ['99499', 'WA'],
  ])('%s is inside (%s)', (zip, state) => {
    expect(usStateForZip(zip)).toBe(state);
    expect(routeKycProvider(zip)).toEqual({ provider: 'plaid', reason: 'us_zip' });
  });

  it.each(['00499', '00001', '00000'])('%s, below the first range, is not a US ZIP', (zip) => {
    expect(usStateForZip(zip)).toBeNull();
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'foreign_numeric' });
  });
});

describe('Puerto Rico and the Virgin Islands (006–009)', () => {
  it.each([
    ['00601', 'PR'],
    ['00795', 'PR'],
    ['00725', 'PR'],
    ['00802', 'VI'],
    ['00851', 'VI'],
    ['00901', 'PR'],
    ['00988', 'PR'],
    ['00901-1234', 'PR'],
    ['009011234', 'PR'],
    ['00820 ', 'VI'],
  ])('%s goes to Plaid as a territory (%s)', (zip, state) => {
    expect(usStateForZip(zip)).toBe(state);
    expect(routeKycProvider(zip)).toEqual({ provider: 'plaid', reason: 'us_territory_pr' });
  });
});

describe('military APO/FPO/DPO', () => {
  it.each([
    ['09001', 'AE'],
    ['09096', 'AE'],
    ['09302', 'AE'],
    ['09898', 'AE'],
    ['09001-0001', 'AE'],
    ['34001', 'AA'],
    ['34099', 'AA'],
    ['96201', 'AP'],
    ['96349', 'AP'],
    ['96698', 'AP'],
  ])('%s goes to Plaid as military (%s)', (zip, state) => {
    expect(usStateForZip(zip)).toBe(state);
    expect(routeKycProvider(zip)).toEqual({ provider: 'plaid', reason: 'us_military' });
  });
});

describe('ZIP+4, spacing and case', () => {
  it.each([
    '10001-1234',
    '100011234',
    '10001 - 1234',
    ' 90210-0001 ',
    '94105 1234',
    '6 0 6 0 1',
    '\t60601\n',
    '33101-0000',
    '99950-9999',
    '02108\u00a0',
  ])('%j goes to Plaid', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'plaid', reason: 'us_zip' });
  });

  it.each([
    '12345-678', // Brazilian CEP shape
    '1234-5678',
    '123456-7890',
    '10001-',
    '-10001',
    '10001--1234',
    '10001-12345',
    '00012-3456', // ZIP+4 shape on an unallocated prefix
    '213011234',
  ])('%j is no known format', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'unknown' });
    expect(usStateForZip(zip)).toBeNull();
  });
});

describe('unallocated US prefixes', () => {
  it.each([
    '00100',
    '00401',
    '21301',
    '26901',
    '34301',
    '34501',
    '34801',
    '35301',
    '41901',
    '42801',
    '42901',
    '51701',
    '51901',
    '52901',
    '53301',
    '53601',
    '55201',
    '56801',
    '57801',
    '57901',
    '58901',
    '62101',
    '63201',
    '64201',
    '64301',
    '65901',
    '66301',
    '68201',
    '69401',
    '69999',
    '70201',
    '70901',
    '71501',
    '73201',
    '74201',
    '81701',
    '81901',
    '83901',
    '84801',
    '84901',
    '85401',
    '85801',
    '86101',
    '86201',
    '86601',
    '86901',
    '87601',
    '88601',
    '88801',
    '89201',
    '89601',
    '89901',
    '90901',
    '92901',
    '98701',
  ])('%s is treated as a foreign 5-digit code', (zip) => {
    expect(usStateForZip(zip)).toBeNull();
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'foreign_numeric' });
  });
});

describe('Canadian postal codes', () => {
  it.each([
    'K1A0B1',
    'K1A 0B1',
    'k1a 0b1',
    'M5V 3L9',
    'H3Z 2Y7',
    'V6B 4Y8',
    'T2P 1J9',
    'X0A 0H0',
    'Y1A 6E6',
    'E1C 4M3',
    'B3H 4R2',
    'S4P 3Y2',
    'R3C 4T3',
    'J8Y 3Z5',
    'G1R 4W5',
    'C1A 7N8',
    'A1A 1A1',
  ])('%s goes to Plaid', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'plaid', reason: 'canada' });
    expect(usStateForZip(zip)).toBeNull();
  });

  it.each([
    'D1A1A1',
    'F1A1A1',
    'I1A1A1',
    'O1A1A1',
    'Q1A1A1',
    'U1A1A1',
    'W1A1A1', // W and Z are valid letters, but never first
    'Z1A1A1',
    'K1D1A1',
    'K1F1A1',
    'K1I1A1',
    'K1O1A1',
    'K1Q1A1',
    'K1U1A1',
    'K1A1D1',
    'K1A1O1',
    'K1A0B',
    'K1A0B1X',
    'K1A-0B1',
    '1K1A0B',
  ])('%s is not Canadian and no other known format', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'unknown' });
  });
});

describe('UK postcodes', () => {
  it.each([
    'SW1A1AA',
    'SW1A 1AA',
    'sw1a 1aa',
    'M11AE',
    'M1 1AE',
    'B338TH',
    'B33 8TH',
    'CR26XH',
    'CR2 6XH',
    'DN551PT',
    'DN55 1PT',
    'EC1A1BB',
    'W1A0AX',
    'W1A 0AX',
    'GIR0AA',
    'gir 0aa',
    'N1 9GU',
    'E14 5AB',
    'BT1 5GS',
    'EH1 1YZ',
    'CF10 1EP',
    'L1 8JQ',
  ])('%s goes to Plaid', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'plaid', reason: 'uk' });
  });

  it.each([
    'SW1A1A',
    'SW1A 1CA', // C never appears in the inward code
    'SW1A 1AI',
    'Q1 1AA', // Q, V and X never start a postcode
    'V1 1AA',
    'X1 1AA',
    'AB1 1AAA',
    'ABC1 1AA',
    'SW1A 11A',
    'GIR 0AB',
  ])('%s is not a UK postcode', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'unknown' });
  });
});

describe('a Latin American or Spanish phone decides a bare 5-digit code', () => {
  // Mexican and Spanish codes that land on allocated US prefixes.
  const collisions: [zip: string, city: string, phone: PhoneCountryCode][] = [
    ['06600', 'Ciudad de México', 'MX'],
    ['01000', 'Ciudad de México', 'MX'],
    ['44100', 'Guadalajara', 'MX'],
    ['64000', 'Monterrey', 'MX'],
    ['22000', 'Tijuana', 'MX'],
    ['97000', 'Mérida', 'MX'],
    ['77500', 'Cancún', 'MX'],
    ['20000', 'Aguascalientes', 'MX'],
    ['29000', 'Tuxtla Gutiérrez', 'MX'],
    ['68000', 'Oaxaca', 'MX'],
    ['76000', 'Querétaro', 'MX'],
    ['83000', 'Hermosillo', 'MX'],
    ['31000', 'Chihuahua', 'MX'],
    ['80000', 'Culiacán', 'MX'],
    ['42000', 'Pachuca', 'MX'],
    ['28013', 'Madrid', 'ES'],
    ['10001', 'San José', 'CR'],
  ];

  it.each(collisions)('%s (%s) with a %s phone goes to Persona', (zip, _city, phone) => {
    expect(routeKycProvider(zip, phone)).toEqual({ provider: 'persona', reason: 'latam_phone' });
  });

  it.each(collisions)('%s (%s) with no phone reads as a US ZIP', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'plaid', reason: 'us_zip' });
    expect(routeKycProvider(zip, null)).toEqual({ provider: 'plaid', reason: 'us_zip' });
  });

  it.each<PhoneCountryCode>([
    'MX',
    'GT',
    'BZ',
    'SV',
    'HN',
    'NI',
    'CR',
    'PA',
    'CO',
    'VE',
    'GY',
    'SR',
    'BR',
    'EC',
    'PE',
    'BO',
    'PY',
    'UY',
    'AR',
    'CL',
    'ES',
  ])('a %s phone sends 10001 to Persona', (phone) => {
    expect(routeKycProvider('10001', phone)).toEqual({
      provider: 'persona',
      reason: 'latam_phone',
    });
  });

  it.each<[string, PhoneCountryCode | null | undefined, ZipRoutingReason]>([
    ['10001', 'US', 'us_zip'],
    ['10001', 'CA', 'us_zip'],
    ['10001', undefined, 'us_zip'],
    ['44100', 'US', 'us_zip'],
    ['00901', 'US', 'us_territory_pr'],
    ['09001', 'CA', 'us_military'],
  ])('%s with a %s phone stays with the ZIP rule', (zip, phone, reason) => {
    expect(routeKycProvider(zip, phone)).toEqual({ provider: 'plaid', reason });
  });

  it.each<[string, PhoneCountryCode, string, ZipRoutingReason]>([
    ['00901', 'MX', 'persona', 'latam_phone'], // a territory ZIP is still a bare five
    ['09001', 'CO', 'persona', 'latam_phone'],
    ['86100', 'MX', 'persona', 'latam_phone'], // Villahermosa, an unallocated US prefix
    ['10001-1234', 'MX', 'plaid', 'us_zip'], // ZIP+4 is US-only
    ['100011234', 'ES', 'plaid', 'us_zip'],
    ['K1A 0B1', 'MX', 'plaid', 'canada'],
    ['M5V 3L9', 'BR', 'plaid', 'canada'],
    ['SW1A 1AA', 'ES', 'plaid', 'uk'],
    ['EC1A 1BB', 'AR', 'plaid', 'uk'],
    ['C1425DKA', 'AR', 'persona', 'argentina'],
    ['110111', 'CO', 'persona', 'foreign_numeric'],
    ['1425', 'AR', 'persona', 'foreign_numeric'],
    ['', 'MX', 'persona', 'empty'],
    ['hola', 'MX', 'persona', 'unknown'],
  ])('%s with a %s phone → %s (%s)', (zip, phone, provider, reason) => {
    expect(routeKycProvider(zip, phone)).toEqual({ provider, reason });
  });

  it('86100 with no phone is a foreign code, not a US ZIP', () => {
    expect(routeKycProvider('86100')).toEqual({ provider: 'persona', reason: 'foreign_numeric' });
  });
});

describe('Argentine CPA', () => {
  it.each([
    'C1425DKA',
    'c1425dka',
    'C 1425 DKA',
    'B1636AAA',
    'X5000ABC',
    'S2000XYZ',
    'M5500AAB',
    'Q8300BCD',
    'Z9400AAA',
    'T4000IAA',
  ])('%s goes to Persona', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'argentina' });
  });

  it.each(['C1425DK', 'C14250KA', 'C1425DKAB', '11425DKA', 'CC425DKA', 'C-1425-DKA'])(
    '%s is not a CPA',
    (zip) => {
      expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'unknown' });
    },
  );
});

describe('other numeric codes', () => {
  it.each([
    '1425', // Argentina before the CPA
    '2000', // Australia
    '8001', // Switzerland
    '1010', // Austria
    '0000',
    '110111', // Bogotá
    '050001', // Medellín
    '101000', // Moscow
    '560001', // Bangalore
    '000000',
    '1000001', // Japan without the hyphen
    '1234567',
    '7500000', // Chile
    '1 4 2 5',
  ])('%s goes to Persona as foreign numeric', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'foreign_numeric' });
    expect(usStateForZip(zip)).toBeNull();
  });

  it.each(['1', '12', '123', '12345678', '01310100', '1234567890', '100-0001', '12.345'])(
    '%s has the wrong length or punctuation',
    (zip) => {
      expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'unknown' });
    },
  );
});

describe('garbage and empty input', () => {
  it.each([
    'abc',
    '---',
    '!!!',
    'N/A',
    '12345a',
    'a12345',
    'ZIP 10001',
    '10001.0',
    '1e5',
    '١٢٣٤٥', // Arabic-Indic digits
    '１２３４５', // full-width digits
    'ÑANDÚ',
    '<script>',
  ])('%j goes to Persona as unknown', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'unknown' });
    expect(usStateForZip(zip)).toBeNull();
  });

  it.each([null, undefined, '', ' ', '   ', '\t\n'])('%j goes to Persona as empty', (zip) => {
    expect(routeKycProvider(zip)).toEqual({ provider: 'persona', reason: 'empty' });
    expect(kycProviderForZip(zip, 'US')).toBe('persona');
  });
});

describe('kycProviderForZip', () => {
  it.each<[string | null, PhoneCountryCode | undefined, string]>([
    ['10001', undefined, 'plaid'],
    ['10001', 'MX', 'persona'],
    ['K1A 0B1', undefined, 'plaid'],
    ['SW1A 1AA', 'ES', 'plaid'],
    ['C1425DKA', undefined, 'persona'],
    [null, undefined, 'persona'],
  ])('%j with a %s phone → %s', (zip, phone, provider) => {
    expect(kycProviderForZip(zip, phone)).toBe(provider);
  });
});

describe('US_ZIP_PREFIXES', () => {
  it('is sorted, non-overlapping and inside 000–999', () => {
    let previousTo = -1;
    for (const { from, to } of US_ZIP_PREFIXES) {
      expect(from).toBeGreaterThan(previousTo);
      expect(to).toBeGreaterThanOrEqual(from);
      expect(to).toBeLessThanOrEqual(999);
      previousTo = to;
    }
  });

  it('names every state, DC, the territories and the military codes', () => {
    const states = new Set(US_ZIP_PREFIXES.map((range) => range.state));
    expect(states.size).toBe(50 + 1 + 3 + 3);
    for (const code of ['DC', 'PR', 'VI', 'GU', 'AA', 'AE', 'AP']) expect(states).toContain(code);
  });
});
