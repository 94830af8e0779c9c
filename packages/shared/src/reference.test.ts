import { describe, expect, it } from 'vitest';
import { formatReference, parseReference } from './reference';

describe('the one reference format', () => {
  it('writes a reference in two groups of five', () => {
    expect(formatReference('7KQ2MX9C4T')).toBe('7KQ2M-X9C4T');
    expect(formatReference('7kq2m x9c4t')).toBe('7KQ2M-X9C4T');
  });

  it('reads what a person types: any case, dashes, spaces, look-alikes', () => {
    expect(parseReference('7kq2m-x9c4t')).toBe('7KQ2MX9C4T');
    expect(parseReference('OOOOO IIIII')).toBe('0000011111');
    expect(parseReference('LLLLL-LLLLL')).toBe('1111111111');
  });

  it('refuses what cannot be a reference and leaves it as given when formatting', () => {
    expect(parseReference('7KQ2MX9C4')).toBeNull();
    expect(parseReference('7KQ2MX9C4U')).toBeNull();
    expect(parseReference('x'.repeat(100))).toBeNull();
    expect(formatReference('not-a-ref')).toBe('not-a-ref');
  });
});
