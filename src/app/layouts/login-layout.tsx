import { Box, Center, Flex, Stack } from '@chakra-ui/react';
import { PageOutlet } from '../page-outlet';
import { LanguageSwitch } from './header/language-switch';
import { Logo } from './header/site-header';

/** Sign-in, registration and recovery: one card on a quiet page, nothing to wander off to. */
export function LoginLayout() {
  return (
    <Box minH="100vh" data-layout="login">
      <Flex justify="space-between" align="center" px="6" py="4">
        <Logo />
        <LanguageSwitch />
      </Flex>
      <Center as="main" px="4" py="8">
        <Stack w="full" maxW="md" bg="bg" borderWidth="1px" borderRadius="l3" p={{ base: '6', md: '8' }} boxShadow="sm">
          <PageOutlet />
        </Stack>
      </Center>
    </Box>
  );
}
