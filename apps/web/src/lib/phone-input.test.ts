import { describe, expect, it } from 'vitest';
import {
  changePhoneCountry,
  editPhoneInput,
  emptyPhoneInput,
  formatPhoneInput,
  type PhoneInput,
} from './phone-input';

/** Types `text` one character at a time, as a person would. */
function typeInto(start: PhoneInput, text: string): PhoneInput {
  let input = start;
  for (const char of text) input = editPhoneInput(input, input.text + char) ?? input;
  return input;
}

describe('the phone box', () => {
  it('formats a US number as it is typed and hands the form E.164', () => {
    const input = typeInto(emptyPhoneInput('US'), '2125551234');
    expect(input).toMatchObject({ text: '(212) 555-1234', value: '+12125551234', country: 'US' });
  });

  it('formats for the picked country', () => {
    expect(typeInto(emptyPhoneInput('MX'), '5512345678')).toMatchObject({
      text: '55 1234 5678',
      value: '+525512345678',
    });
    expect(typeInto(emptyPhoneInput('ES'), '612345678')).toMatchObject({
      text: '612 34 56 78',
      value: '+34612345678',
    });
  });

  it('keeps only digits and a leading plus', () => {
    expect(typeInto(emptyPhoneInput('US'), 'abc212-555.1234xyz')).toMatchObject({
      text: '(212) 555-1234',
      value: '+12125551234',
    });
    // A plus anywhere but first is dropped.
    expect(editPhoneInput(emptyPhoneInput('US'), '212+555')?.text).toBe('(212) 555');
    expect(editPhoneInput(emptyPhoneInput('US'), 'abc')).toMatchObject({ text: '', value: '' });
  });

  it('moves the picker to the country of a number typed with a plus', () => {
    expect(editPhoneInput(emptyPhoneInput('US'), '+52 55 1234 5678')).toMatchObject({
      text: '+52 55 1234 5678',
      value: '+525512345678',
      country: 'MX',
    });
    expect(editPhoneInput(emptyPhoneInput('MX'), '+1 613 555 0123')?.country).toBe('CA');
    // +1 with an area code of neither: a +1 country, and the current one if it is one.
    expect(editPhoneInput(emptyPhoneInput('MX'), '+1 555')?.country).toBe('US');
    expect(editPhoneInput(emptyPhoneInput('CA'), '+1 555')?.country).toBe('CA');
    // A country outside the list leaves the picker alone.
    expect(editPhoneInput(emptyPhoneInput('GT'), '+44 20 7946 0958')?.country).toBe('GT');
  });

  it('refuses input over 250 characters and keeps what it had', () => {
    const before = typeInto(emptyPhoneInput('US'), '212');
    expect(editPhoneInput(before, `212${' '.repeat(247)}`)).not.toBeNull();
    expect(editPhoneInput(before, `212${' '.repeat(248)}`)).toBeNull();
  });

  it('accepts a national number of up to 17 digits and refuses the 18th', () => {
    const input = typeInto(emptyPhoneInput('AR'), '9'.repeat(20));
    expect(input.national).toHaveLength(17);
    expect(formatPhoneInput('9'.repeat(18), false, 'AR')).toBeNull();
    expect(formatPhoneInput(`52${'9'.repeat(17)}`, true, 'US')?.national).toHaveLength(17);
    expect(formatPhoneInput(`52${'9'.repeat(18)}`, true, 'US')).toBeNull();
  });

  it('deletes a digit when backspace hits a formatting character', () => {
    const input = typeInto(emptyPhoneInput('US'), '2125551234'); // (212) 555-1234
    const withoutDash = editPhoneInput(input, '(212) 5551234');
    expect(withoutDash).toMatchObject({ text: '(212) 555-123', value: '+1212555123' });
  });

  it('empties cleanly, and a lone plus is kept as typed', () => {
    const input = typeInto(emptyPhoneInput('US'), '2');
    expect(editPhoneInput(input, '')).toMatchObject({ text: '', value: '' });
    expect(editPhoneInput(emptyPhoneInput('US'), '+')).toMatchObject({ text: '+', value: '' });
  });

  it('keeps the national number when the picker changes country', () => {
    const us = typeInto(emptyPhoneInput('US'), '5512345678');
    expect(changePhoneCountry(us, 'MX')).toMatchObject({
      text: '55 1234 5678',
      value: '+525512345678',
      country: 'MX',
    });
    const international = editPhoneInput(emptyPhoneInput('US'), '+52 55 1234 5678');
    if (!international) throw new Error('refused');
    expect(changePhoneCountry(international, 'CO')).toMatchObject({
      value: '+575512345678',
      country: 'CO',
    });
    expect(changePhoneCountry(emptyPhoneInput('US'), 'ES')).toEqual(emptyPhoneInput('ES'));
  });
});
