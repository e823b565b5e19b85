// @vitest-environment jsdom
import { Input } from '@chakra-ui/react';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '../../src/lib/ui/text-field';
import { renderWithProviders } from './render-with-providers';

describe('text field', () => {
  afterEach(cleanup);

  it('names its input by the label and says its error code in words, tied to the input', async () => {
    await renderWithProviders(
      <TextField label="Email" error="INVALID_EMAIL" required helperText="We never share it">
        <Input type="email" />
      </TextField>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveProperty('required', true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-errormessage') ?? '')?.textContent).toBe('this must be a valid email');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('We never share it');
  });

  it('shows no error and no required mark while there is neither', async () => {
    await renderWithProviders(
      <TextField label="Email" error={undefined}>
        <Input />
      </TextField>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input).toHaveProperty('required', false);
    expect(screen.queryByText('*')).toBeNull();
  });
});
