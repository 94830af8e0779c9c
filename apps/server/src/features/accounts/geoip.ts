import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

/**
 * The approximate place of an IP address, from a local database only: a geofeed file (RFC 8805:
 * one `ip_prefix,alpha2code,region,city,postal_code` line per network, IPv4 or IPv6, `#` starts
 * a comment) named by GEOIP_GEOFEED_PATH. Nothing is asked of any service over the network, and
 * without the file no place is known (null). See docs/account-details.md for why a geofeed.
 */
export type PlaceLookup = (ip: string | null | undefined) => string | null;

type Range = { start: bigint; end: bigint; bits: number; place: string };

function toBigInt(address: string): { value: bigint; family: 4 | 6 } | null {
  const family = isIP(address);
  if (family === 4) {
    const value = address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
    return { value, family: 4 };
  }
  if (family !== 6) return null;
  // An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return toBigInt(mapped[1]);
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  let left = groups(head);
  let right = groups(tail);
  // A trailing dotted IPv4 part counts as two groups.
  const expand = (list: string[]) =>
    list.flatMap((g) => {
      if (!g.includes('.')) return [g];
      const v4 = toBigInt(g);
      const n = Number(v4?.value ?? 0n);
      return [((n >>> 16) & 0xffff).toString(16), (n & 0xffff).toString(16)];
    });
  left = expand(left);
  right = expand(right);
  const missing = address.includes('::') ? 8 - left.length - right.length : 0;
  const all = [...left, ...Array(missing).fill('0'), ...right];
  if (all.length !== 8) return null;
  return {
    value: all.reduce((n, g) => (n << 16n) | BigInt(Number.parseInt(g, 16)), 0n),
    family: 6,
  };
}

/** "Austin, TX, US": the city, the region without its country prefix ("US-TX"), the country. */
function placeOf(country: string, region: string, city: string): string | null {
  const regionCode = region.includes('-') ? region.slice(region.indexOf('-') + 1) : region;
  const parts = [city, regionCode, country].map((p) => p.trim()).filter(Boolean);
  return parts.length ? parts.join(', ').slice(0, 200) : null;
}

/** The networks of a geofeed's text, per family, sorted by their first address. */
export function parseGeofeed(text: string): { 4: Range[]; 6: Range[] } {
  const ranges: { 4: Range[]; 6: Range[] } = { 4: [], 6: [] };
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [prefix = '', country = '', region = '', city = ''] = trimmed.split(',');
    const [address = '', length] = prefix.trim().split('/');
    const parsed = toBigInt(address);
    const place = placeOf(country, region, city);
    if (!parsed || !place) continue;
    const width = parsed.family === 4 ? 32 : 128;
    const bits = length === undefined ? width : Number(length);
    if (!Number.isInteger(bits) || bits < 0 || bits > width) continue;
    const host = (1n << BigInt(width - bits)) - 1n;
    const start = parsed.value & ~host & ((1n << BigInt(width)) - 1n);
    ranges[parsed.family].push({ start, end: start | host, bits, place });
  }
  ranges[4].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  ranges[6].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return ranges;
}

/** The most specific network holding `value` (a geofeed may nest a city inside its country's). */
function find(ranges: Range[], value: bigint): string | null {
  let low = 0;
  let high = ranges.length - 1;
  let last = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((ranges[mid] as Range).start <= value) {
      last = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  let best: Range | null = null;
  // Networks that start at or before the address, nearest first; nesting is shallow in practice.
  for (let i = last; i >= 0 && i > last - 64; i--) {
    const range = ranges[i] as Range;
    if (range.end >= value && (!best || range.bits > best.bits)) best = range;
  }
  return best?.place ?? null;
}

/** A look-up over a geofeed's text. */
export function placeLookupFrom(text: string): PlaceLookup {
  const ranges = parseGeofeed(text);
  return (ip) => {
    const parsed = ip ? toBigInt(ip) : null;
    return parsed ? find(ranges[parsed.family], parsed.value) : null;
  };
}

const none: PlaceLookup = () => null;
const loaded = new Map<string, PlaceLookup>();

/**
 * The look-up of the geofeed at `path`, read once per process; without a path, or when the
 * file cannot be read, no place is ever known (sign-in goes on without one).
 */
export function placeLookup(path: string | undefined): PlaceLookup {
  if (!path) return none;
  let lookup = loaded.get(path);
  if (!lookup) {
    try {
      lookup = placeLookupFrom(readFileSync(path, 'utf8'));
    } catch {
      lookup = none;
    }
    loaded.set(path, lookup);
  }
  return lookup;
}
