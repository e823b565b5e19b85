// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormError } from '../../src/lib/ui/form-error';
import { renderWithProviders } from './render-with-providers';

describe('form error', () => {
  afterEach(cleanup);

  it('names the minutes a rate-limit refusal asks to wait, rounded up', async () => {
    await renderWithProviders(<FormError code="RATE_LIMITED" retryAfterMs={13 * 60_000 + 1} />);
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts, try again in 14 minutes');
  });

  it('says one minute in the singular, and falls back to the plain message without a wait', async () => {
    await renderWithProviders(<FormError code="RATE_LIMITED" retryAfterMs={20_000} />);
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts, try again in a minute');
    cleanup();
    await renderWithProviders(<FormError code="RATE_LIMITED" />);
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts, wait a moment and try again');
  });
});
