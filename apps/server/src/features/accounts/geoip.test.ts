import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeLookup, placeLookupFrom } from './geoip';

const GEOFEED = [
  '# RFC 8805 geofeed',
  '203.0.113.0/24,US,US-TX,Austin,',
  '203.0.113.128/25,US,US-TX,Round Rock,',
  '198.51.100.0/24,MX,MX-CMX,Ciudad de México,',
  '2001:db8::/32,US,US-CA,San Francisco,',
  'not-an-address/24,US,US-NY,Nowhere,',
  '192.0.2.0/99,US,US-NY,Bad length,',
].join('\n');

describe('approximate place from a local geofeed', () => {
  const lookup = placeLookupFrom(GEOFEED);

  it('finds the most specific network of an IPv4 or IPv6 address', () => {
    expect(lookup('203.0.113.7')).toBe('Austin, TX, US');
    expect(lookup('203.0.113.200')).toBe('Round Rock, TX, US');
    expect(lookup('::ffff:198.51.100.9')).toBe('Ciudad de México, CMX, MX');
    expect(lookup('2001:db8:1::5')).toBe('San Francisco, CA, US');
  });

  it('knows no place for an address outside the feed, a bad address, or none', () => {
    expect(lookup('192.0.2.1')).toBeNull();
    expect(lookup('127.0.0.1')).toBeNull();
    expect(lookup('nonsense')).toBeNull();
    expect(lookup(null)).toBeNull();
  });

  it('reads the configured file once, and without a path or a readable file knows nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'geofeed-'));
    const file = path.join(dir, 'geofeed.csv');
    writeFileSync(file, GEOFEED);
    expect(placeLookup(file)('203.0.113.7')).toBe('Austin, TX, US');
    expect(placeLookup(undefined)('203.0.113.7')).toBeNull();
    expect(placeLookup(path.join(dir, 'missing.csv'))('203.0.113.7')).toBeNull();
  });
});
