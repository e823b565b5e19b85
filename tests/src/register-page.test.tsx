// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Country } from '../../domain/catalog';
import { ROUTES } from '../../domain/routes';

// The API client binds fetch when its module loads, so the stand-in must be there first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock;
  return mock;
});

const { default: RegisterPage } = await import('../../src/features/auth/pages/register-page');
const { countriesQueryOptions } = await import('../../src/lib/catalog');
const { sessionQueryOptions } = await import('../../src/lib/session');
const { renderWithProviders } = await import('./render-with-providers');

const SAUDI_ARABIA: Country = { code: 'SA', dialCode: '966', currency: 'SAR', name: { ar: 'السعودية', en: 'Saudi Arabia' }, cities: [{ id: 101, name: { ar: 'الرياض', en: 'Riyadh' } }] };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('registering after a social sign-in', () => {
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
  });

  it('goes on as a plain registration when the social sign-in ran out, keeping everything typed', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/auth/social-registrations/expiring')) return json(200, { provider: 'google', firstName: 'Sara', lastName: 'Ali', email: 'sara@example.com' });
      if (init?.method === 'POST') return json(400, { error: { code: 'SOCIAL_SIGN_IN_FAILED', message: 'expired' } });
      return json(404, { error: { code: 'NOT_FOUND', message: 'unexpected' } });
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    queryClient.setQueryData(countriesQueryOptions.queryKey, [SAUDI_ARABIA]);
    const router = createMemoryRouter([{ path: ROUTES.register, Component: RegisterPage }], {
      initialEntries: [`${ROUTES.register}?social=expiring&redirect=%2Fprofile`],
    });
    await renderWithProviders(<RouterProvider router={router} />, { queryClient });

    const email = (await screen.findByDisplayValue('sara@example.com')) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /fields\.phone/ }), { target: { value: '0501234567' } });
    fireEvent.change(screen.getByRole('combobox', { name: /fields\.country/ }), { target: { value: 'SA' } });
    fireEvent.change(screen.getByRole('combobox', { name: /fields\.city/ }), { target: { value: '101' } });
    fireEvent.change(screen.getByLabelText(/fields\.password/), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('checkbox'));
    // The box's state settles after the click's event; the form must see it ticked.
    await waitFor(() => expect(document.querySelector('[data-part="control"]')?.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByRole('button', { name: 'register.submit' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Signing in with that account failed, try again');
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fprofile'));
    // The same form, now a plain registration: the email can be corrected, nothing typed is lost.
    expect(screen.getByDisplayValue('sara@example.com')).toBe(email);
    await waitFor(() => expect(email.readOnly).toBe(false));
    expect((screen.getByLabelText(/fields\.firstName/) as HTMLInputElement).value).toBe('Sara');
    expect((screen.getByRole('textbox', { name: /fields\.phone/ }) as HTMLInputElement).value).toBe('0501234567');
    expect((screen.getByLabelText(/fields\.password/) as HTMLInputElement).value).toBe('long-enough-1');
    expect(screen.queryByTestId('social-registration')).toBeNull();
    const sent = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body)) as { socialToken?: string; phone: string };
    expect(sent).toMatchObject({ socialToken: 'expiring', phone: '966501234567' });
  });
});
