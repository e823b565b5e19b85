import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocale } from '../lib/use-locale';
import { marketplaceSystem } from '../lib/theme';

export function createQueryClient() {
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

/**
 * Chakra's styles go into the `<style>` elements of `styleCache`, which carry the nonce the page's
 * Content-Security-Policy allows, so the policy needs no 'unsafe-inline' for styles.
 */
export function AppProviders({ queryClient, styleCache, children }: { queryClient: QueryClient; styleCache: EmotionCache; children: ReactNode }) {
  const locale = useLocale();
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={marketplaceSystem()}>
        <LocaleProvider locale={locale === 'ar' ? 'ar-SA' : 'en-US'}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocaleProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
