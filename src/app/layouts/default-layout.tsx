import { Box, Container } from '@chakra-ui/react';
import { PageOutlet } from '../page-outlet';
import { SiteHeader } from './header/site-header';
import { SiteFooter } from './site-footer';

export function DefaultLayout() {
  return (
    <Box minH="100vh" display="flex" flexDirection="column" data-layout="default">
      <SiteHeader />
      {/* At least a screen high, so the footer starts below the fold and does not jump down as the page fills in. */}
      <Container as="main" maxW="7xl" py="6" flex="1" minH="100dvh">
        <PageOutlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}
