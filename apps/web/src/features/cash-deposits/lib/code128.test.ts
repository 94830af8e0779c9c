import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128Values, code128Widths } from './code128';

/** Reads widths back to symbol values, the way a scanner splits them (11 modules a symbol). */
function decode(widths: number[]): number[] {
  const values: number[] = [];
  for (let i = 0; i < widths.length; ) {
    const size = i === widths.length - 7 ? 7 : 6;
    const pattern = widths.slice(i, i + size).join('');
    values.push(CODE128_PATTERNS.indexOf(pattern as (typeof CODE128_PATTERNS)[number]));
    i += size;
  }
  return values;
}

describe('Code 128', () => {
  it('has 107 distinct symbols of 3 bars and 3 spaces, 11 modules each (the stop 13)', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(value === 106 ? 13 : 11);
      // Bars (odd positions) take an even number of modules in every symbol: the parity check.
      expect(widths.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0) % 2).toBe(0);
    });
  });

  it('prints an even count of digits in set C, two a symbol, with the mod-103 checksum', () => {
    // Start C (105), 40, 12, 34 ..., checksum (105 + 1·40 + 2·12 + 3·34) mod 103 = 271 mod 103 = 65.
    expect(code128Values('401234')).toEqual([105, 40, 12, 34, 65, 106]);
    const widths = code128Widths('4012345678901234');
    expect(decode(widths)).toEqual(code128Values('4012345678901234'));
    // Starts with a bar, ends with the stop's final bar: an odd count of elements.
    expect(widths.length % 2).toBe(1);
  });

  it('prints other text in set B, and refuses what it cannot', () => {
    // Start B (104), "P" 48, "J" 42, "J" 42, "1" 17, "2" 18, "3" 19, "C" 35:
    // (104 + 48 + 2·42 + 3·42 + 4·17 + 5·18 + 6·19 + 7·35) mod 103 = 879 mod 103 = 55.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    expect(() => code128Values('')).toThrow();
    expect(() => code128Values('ñ')).toThrow();
  });
});
