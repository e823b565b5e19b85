// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Verification } from '../../domain/account';

// The API client binds fetch when its module loads, so the stand-in must be there first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock;
  return mock;
});

const { OneTimeCodeForm } = await import('../../src/lib/ui/one-time-code-form');
const { received, verificationQueryKey } = await import('../../src/lib/api/verification/verification-cache');
const { renderWithProviders } = await import('./render-with-providers');

const DEVICE_NOW = 1_000_000;
// The server clock runs more than an hour ahead of this device: countdowns must not care.
const SERVER_NOW = 5_000_000;

const verification: Verification = {
  id: 'v1',
  purpose: 'REGISTER',
  channel: 'sms',
  destination: '+966 ••• ••• 567',
  expiresAt: SERVER_NOW + 600_000,
  resendAvailableAt: SERVER_NOW + 60_000,
  attemptsLeft: 5,
  serverNow: SERVER_NOW,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderCodeForm({ canStartOver = false } = {}) {
  const onVerified = vi.fn();
  const onStartOver = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(verificationQueryKey(verification.id), received(verification));
  await renderWithProviders(
    <OneTimeCodeForm verificationId={verification.id} onVerified={onVerified} onStartOver={canStartOver ? onStartOver : undefined} />,
    { queryClient },
  );
  return { onVerified, onStartOver };
}

const codeInput = () => screen.getByLabelText('Verification code') as HTMLInputElement;

describe('the one-time code screen', () => {
  beforeEach(() => {
    // Only the clock and the countdown tick are simulated; promises and request timers stay real.
    vi.useFakeTimers({ now: DEVICE_NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    fetchMock.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says where the code went, isolated left to right, and counts down in server time', async () => {
    await renderCodeForm();
    const destination = screen.getByTestId('verification-destination');
    expect(destination.tagName).toBe('BDI');
    expect(destination.getAttribute('dir')).toBe('ltr');
    expect(destination.textContent).toBe('+966 ••• ••• 567');
    expect(destination.parentElement!.textContent).toBe('We sent a 6-digit code by text message to +966 ••• ••• 567.');
    expect(screen.getByTestId('code-expires-in').textContent).toBe('The code expires in 10:00');
    expect(screen.getByTestId('attempts-left').textContent).toBe('5 attempts left');

    const resend = screen.getByTestId('resend-code') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toBe('Send a new code in 1:00');
    act(() => vi.advanceTimersByTime(30_000));
    expect(resend.textContent).toBe('Send a new code in 0:30');
    act(() => vi.advanceTimersByTime(30_000));
    expect(resend.disabled).toBe(false);
    expect(resend.textContent).toBe('Send a new code');
  });

  it('shows a refused code with the attempts left, keeping what was typed', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(400, { error: { code: 'INCORRECT_CODE', message: 'wrong' } })
        : json(200, { ...verification, attemptsLeft: 4, serverNow: SERVER_NOW }),
    );
    const { onVerified } = await renderCodeForm();
    const input = codeInput();
    fireEvent.change(input, { target: { value: '١٢٣٤٥٦' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The activation code entered is incorrect, enter it again');
    await waitFor(() => expect(screen.getByTestId('attempts-left').textContent).toBe('4 attempts left'));
    expect(input.value).toBe('١٢٣٤٥٦');
    // Back on the field, marked wrong, ready to be typed over.
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ code: '123456' });
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('hands the result on once the code is right', async () => {
    const user = { id: 'u1', slug: 'sara-1', fullName: 'Sara Ali', email: 'sara@example.com' };
    fetchMock.mockResolvedValue(json(200, { purpose: 'REGISTER', user }));
    const { onVerified } = await renderCodeForm();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith({ purpose: 'REGISTER', user }));
  });

  it('sends a new code once the wait is over and counts the wait again from the new answer', async () => {
    await renderCodeForm();
    act(() => vi.advanceTimersByTime(60_000));
    const later = SERVER_NOW + 60_000;
    fetchMock.mockResolvedValue(json(200, { ...verification, serverNow: later, resendAvailableAt: later + 60_000, expiresAt: later + 600_000 }));
    fireEvent.click(screen.getByTestId('resend-code'));
    expect((await screen.findByRole('status')).textContent).toBe('A new code is on its way.');
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/auth\/verifications\/v1\/resend$/);
    expect(screen.getByTestId('resend-code').textContent).toBe('Send a new code in 1:00');
    expect(screen.getByTestId('code-expires-in').textContent).toBe('The code expires in 10:00');
    // The new code is typed next.
    expect(document.activeElement).toBe(codeInput());

    // A later refusal replaces the note rather than sitting under it.
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? json(400, { error: { code: 'INCORRECT_CODE', message: 'wrong' } }) : json(200, { ...verification, attemptsLeft: 4, serverNow: later }),
    );
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe('The activation code entered is incorrect, enter it again');
    expect(screen.queryByText('A new code is on its way.')).toBeNull();
  });

  it('always offers to start again when the page has a first step to go back to', async () => {
    const { onStartOver } = await renderCodeForm({ canStartOver: true });
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(onStartOver).toHaveBeenCalledOnce();
  });

  it('shows a code that is gone after a try (used in another tab, replaced) as gone, with Start again', async () => {
    // Both the code and the verification it belonged to are unknown to the server now.
    fetchMock.mockResolvedValue(json(404, { error: { code: 'NOT_FOUND', message: 'not found' } }));
    const { onStartOver, onVerified } = await renderCodeForm({ canStartOver: true });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const gone = await screen.findByTestId('verification-gone');
    // The warning, then the one way on.
    expect(gone.textContent).toBe('This code can no longer be used. Start again to get a new one.Start again');
    expect(within(gone).getByRole('button').textContent).toBe('Start again');
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace(/^.*\/api/, '')}`)).toEqual([
      'POST /auth/verifications/v1/verify',
      'GET /auth/verifications/v1',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(onStartOver).toHaveBeenCalledOnce();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('after expiry offers only a new code', async () => {
    await renderCodeForm();
    act(() => vi.advanceTimersByTime(600_000));
    expect(screen.getByRole('alert').textContent).toBe('This code has expired, send a new one');
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect((screen.getByTestId('resend-code') as HTMLButtonElement).disabled).toBe(false);
  });
});
