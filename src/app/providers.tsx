import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { HttpError } from '../lib/http';
import { useLocale } from '../lib/use-locale';
import { system } from '../lib/theme';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The HTTP client already retried what is worth retrying; a 4xx answer will not change.
        retry: (failureCount, error) => !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const locale = useLocale();
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={locale === 'ar' ? 'ar-SA' : 'en-US'}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
