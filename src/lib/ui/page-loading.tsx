import { Center, Spinner } from '@chakra-ui/react';

/** While a page's data or translations are on their way. Carries no `data-page`: the page is not there yet. */
export function PageLoading() {
  return (
    <Center py="20">
      <Spinner size="lg" />
    </Center>
  );
}
