import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useLocale } from '../lib/use-locale';
import { system } from '../lib/theme';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The HTTP client already retries what is worth retrying (SPEC.md section 7); twice would be too much.
        retry: false,
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
