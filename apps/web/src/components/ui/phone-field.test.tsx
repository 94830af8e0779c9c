import { PHONE_COUNTRIES, type PhoneCountryCode } from '@pago/shared/phone-countries';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { featureRenderer } from '@/test/render-feature';
import { PhoneField } from './phone-field';

const render = featureRenderer('common');

/** A form's view of the field: what it was handed, and a reset as react-hook-form's would. */
function Harness({ initial = '' }: { initial?: string }) {
  const [phone, setPhone] = useState({ value: initial, country: 'MX' as PhoneCountryCode });
  return (
    <>
      <PhoneField
        value={phone.value}
        country={phone.country}
        onChange={({ value, country }) => setPhone({ value, country })}
        countryLabel="Country code"
        label="Phone"
      />
      <output aria-label="handed over">{`${phone.country} ${phone.value}`}</output>
      <button type="button" onClick={() => setPhone({ value: '', country: 'MX' })}>
        Reset
      </button>
    </>
  );
}

describe('the phone field', () => {
  it('offers the allowed countries, formats as you type and hands the form E.164', async () => {
    const user = userEvent.setup();
    await render(<Harness />, { language: 'es' });
    const country = screen.getByLabelText('Country code');
    const phone = screen.getByLabelText('Phone');
    const handed = screen.getByLabelText('handed over');

    const options = within(country).getAllByRole('option');
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual(
      PHONE_COUNTRIES.map(({ code }) => code),
    );
    expect(within(country).getByRole('option', { name: 'México (+52)' })).toBeInTheDocument();

    await user.type(phone, 'x55 1234-5678');
    expect(phone).toHaveValue('55 1234 5678');
    expect(handed).toHaveTextContent('MX +525512345678');

    // The picker keeps the national number and formats it for the new country.
    await user.selectOptions(country, 'US');
    expect(handed).toHaveTextContent('US +155');

    // A number typed with its own country code moves the picker.
    await user.clear(phone);
    await user.type(phone, '+57 601 234 5678');
    expect(country).toHaveValue('CO');
    expect(handed).toHaveTextContent('CO +576012345678');
  });

  it('shows a number given by the form, and empties when the form is reset', async () => {
    const user = userEvent.setup();
    await render(<Harness initial="+525512345678" />, { language: 'en' });
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveValue('+52 55 1234 5678');
    expect(
      within(screen.getByLabelText('Country code')).getByRole('option', { name: 'Mexico (+52)' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(phone).toHaveValue('');
    expect(screen.getByLabelText('Country code')).toHaveValue('MX');
  });
});
