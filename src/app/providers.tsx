import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useLocale } from '../lib/use-locale';
import { runtimeConfig } from '../lib/runtime-config';
import { system } from '../lib/theme';

// Chakra's styles go into <style> elements as the page runs: they carry the nonce the page's
// Content-Security-Policy allows, so the policy needs no 'unsafe-inline' for styles.
const styleCache = createCache({ key: 'css', nonce: runtimeConfig.styleNonce ?? undefined });

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The HTTP client already retries what is worth retrying (SPEC.md section 7); twice would be too much.
        retry: false,
        refetchOnWindowFocus: false,
      },
      // A write asked for offline fails at once (the HTTP client refuses it) instead of waiting,
      // paused, to be sent when the connection returns: the person never confirmed it then.
      mutations: { networkMode: 'always' },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const locale = useLocale();
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        <LocaleProvider locale={locale === 'ar' ? 'ar-SA' : 'en-US'}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocaleProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
