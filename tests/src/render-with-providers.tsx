import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import common from '../../locales/en/common.json';
import errors from '../../locales/en/errors.json';
import { marketplaceSystem } from '../../src/lib/theme';

/** Renders client components as the app does: Chakra, a query cache the test can fill, English words. */
export async function renderWithProviders(ui: ReactNode, { queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }) } = {}) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common, errors } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  const view = render(
    <ChakraProvider value={marketplaceSystem()}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
  return { ...view, queryClient };
}

/** A stand-in for fetch. Call it before importing app code: the API client binds fetch when its module loads. */
export function mockFetch() {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock;
  return mock;
}

/** jsdom has no ResizeObserver; tooltips and growing textareas measure themselves through one. */
export function standInForResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
