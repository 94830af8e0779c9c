import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textLine, textLines } from './text';

describe('text people type', () => {
  it.each([
    ['plain text', 'Ana López', true, true],
    ['emoji (a surrogate pair)', 'café ☕ 😀', true, true],
    ['accents and ñ', 'Señora Muñoz-Pérez', true, true],
    ['a NUL', 'Ana\u0000', false, false],
    ['a bell', 'Ana\u0007', false, false],
    ['DEL', 'Ana\u007f', false, false],
    ['a C1 control', 'Ana\u0085', false, false],
    ['a high surrogate alone', 'caf\ud800e', false, false],
    ['a low surrogate alone', '\udc00', false, false],
    ['a line break', 'line one\nline two', false, true],
    ['a tab', 'a\tb', false, true],
  ])('%s: one line %s, several lines %s', (_name, value, line, lines) => {
    expect(textLine().safeParse(value).success).toBe(line);
    expect(textLines().safeParse(value).success).toBe(lines);
    // The API reference publishes the pattern; a JSON Schema validator without Unicode regular
    // expressions (Spectral's, many clients') must read it the same way.
    for (const [schema, expected] of [
      [textLine(), line],
      [textLines(), lines],
    ] as const) {
      const { pattern } = z.toJSONSchema(schema) as { pattern: string };
      expect(new RegExp(pattern).test(value), pattern).toBe(expected);
    }
  });

  it('trims, and takes length limits after', () => {
    expect(textLine().min(1).max(3).parse('  abc ')).toBe('abc');
    expect(textLine().min(1).safeParse('   ').success).toBe(false);
  });
});
