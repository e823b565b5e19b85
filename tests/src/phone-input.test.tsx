// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Country } from '../../domain/catalog';
import { countriesQueryOptions } from '../../src/lib/catalog';
import { PhoneInput, splitInternationalPhone } from '../../src/lib/ui/phone-input';
import { renderWithProviders } from './render-with-providers';

const country = (code: string, dialCode: string, en: string): Country => ({ code, dialCode, currency: 'SAR', name: { ar: en, en }, cities: [] });
const COUNTRIES = [country('SA', '966', 'Saudi Arabia'), country('AE', '971', 'United Arab Emirates'), country('EG', '20', 'Egypt')];

describe('splitting international digits', () => {
  it('finds the dial code that starts the number', () => {
    expect(splitInternationalPhone('966501234567', COUNTRIES)).toEqual({ country: 'SA', national: '501234567' });
    expect(splitInternationalPhone('201001234567', COUNTRIES)).toEqual({ country: 'EG', national: '1001234567' });
  });

  it('prefers the longest dial code, then the preferred country among those sharing it', () => {
    const northAmerica = [{ code: 'US', dialCode: '1' }, { code: 'CA', dialCode: '1' }, { code: 'AS', dialCode: '1684' }];
    expect(splitInternationalPhone('16846331234', northAmerica)).toEqual({ country: 'AS', national: '6331234' });
    expect(splitInternationalPhone('14165550123', northAmerica, 'CA')).toEqual({ country: 'CA', national: '4165550123' });
  });

  it('keeps digits no known dial code starts international, and nothing as nothing', () => {
    expect(splitInternationalPhone('441632960961', COUNTRIES)).toEqual({ country: null, national: '+441632960961' });
    expect(splitInternationalPhone('', COUNTRIES)).toEqual({ country: null, national: '' });
  });
});

function ControlledPhone({ initial, preferredCountry, onValue }: { initial: string; preferredCountry: string | null; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneInput
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
        preferredCountry={preferredCountry}
      />
      <button type="button" onClick={() => setValue('971501234567')}>
        set
      </button>
    </>
  );
}

async function renderPhone(initial = '', preferredCountry: string | null = 'SA') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(countriesQueryOptions.queryKey, COUNTRIES);
  const onValue = vi.fn<(value: string) => void>();
  await renderWithProviders(<ControlledPhone initial={initial} preferredCountry={preferredCountry} onValue={onValue} />, { queryClient });
  return { onValue, dialCode: screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement, national: screen.getByRole('textbox') as HTMLInputElement };
}

describe('the phone field', () => {
  afterEach(cleanup);

  it('offers the preferred country and sends international digits, trunk zero dropped', async () => {
    const { onValue, dialCode, national } = await renderPhone();
    expect(dialCode.value).toBe('SA');
    fireEvent.change(national, { target: { value: '0501234567' } });
    expect(onValue).toHaveBeenLastCalledWith('966501234567');
    // What was typed stays as typed.
    expect(national.value).toBe('0501234567');
    expect(national.dir).toBe('ltr');
  });

  it('takes Arabic-Indic digits and a change of dial code', async () => {
    const { onValue, dialCode, national } = await renderPhone();
    fireEvent.change(national, { target: { value: '٠٥٠١٢٣٤٥٦٧' } });
    expect(onValue).toHaveBeenLastCalledWith('966501234567');
    fireEvent.change(dialCode, { target: { value: 'EG' } });
    expect(onValue).toHaveBeenLastCalledWith('20501234567');
  });

  it('takes no number before the dial codes arrive, which it could only compose without one', async () => {
    const queryClient = new QueryClient();
    let deliverCountries: (countries: Country[]) => void = () => {};
    void queryClient.prefetchQuery({ queryKey: countriesQueryOptions.queryKey, queryFn: () => new Promise<Country[]>((resolve) => (deliverCountries = resolve)) });
    const onValue = vi.fn<(value: string) => void>();
    await renderWithProviders(<ControlledPhone initial="" preferredCountry="SA" onValue={onValue} />, { queryClient });
    const national = screen.getByRole('textbox') as HTMLInputElement;
    expect(national.disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement).disabled).toBe(true);

    act(() => deliverCountries(COUNTRIES));
    await waitFor(() => expect(national.disabled).toBe(false));
    fireEvent.change(national, { target: { value: '0501234567' } });
    expect(onValue).toHaveBeenLastCalledWith('966501234567');
  });

  it('shows a stored number split into its dial code and national part, and follows a new value', async () => {
    const { dialCode, national } = await renderPhone('201001234567');
    expect(dialCode.value).toBe('EG');
    expect(national.value).toBe('1001234567');
    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    expect(dialCode.value).toBe('AE');
    expect(national.value).toBe('501234567');
  });
});
