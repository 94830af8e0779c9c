import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it.each([
    ['jason@example.com', 'j***n@example.com'],
    ['john@example.com', 'j***n@example.com'],
    ['abc@example.com', 'a***c@example.com'],
    ['jo@example.com', 'j***@example.com'],
    ['j@example.com', 'j***@example.com'],
    ['maria.lopez+pago@correo.com.mx', 'm***o@correo.com.mx'],
    ['  ana@example.com ', 'a***a@example.com'],
    // The last @ separates the domain (a quoted local part may hold another).
    ['"a@b"@example.com', '"***"@example.com'],
    // Characters outside the Basic Multilingual Plane count as one.
    ['😀x😀@example.com', '😀***😀@example.com'],
    ['@example.com', '@example.com'],
    ['nodomain', 'n***n'],
    ['', ''],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('never shows a local part of three or more characters whole', () => {
    for (const local of ['abc', 'abcd', 'a'.repeat(64)]) {
      expect(maskEmail(`${local}@x.com`)).not.toContain(`${local}@`);
    }
  });
});
