import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { ChevronDown, LogIn, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ROUTES, signInPathFor } from '../../../../domain/routes';
import { useSignOut } from '../../../features/auth/api/sign-out';
import { useSession } from '../../../lib/session';
import { UserText } from '../../../lib/ui/user-text';
import { ButtonLink } from '../../../lib/ui/router-link';

const ACCOUNT_LINKS = [
  { to: ROUTES.profile, label: 'nav.profile' },
  { to: ROUTES.myAds, label: 'nav.myAds' },
  { to: ROUTES.favorites, label: 'nav.favorites' },
  { to: ROUTES.messages, label: 'nav.messages' },
  { to: ROUTES.orders, label: 'nav.orders' },
] as const;

export function AccountMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const signOut = useSignOut();

  if (!session.data) {
    return (
      <ButtonLink to={signInPathFor(location.pathname + location.search)} size="sm" variant="outline" data-testid="sign-in-link">
        <LogIn aria-hidden />
        {t('nav.signIn')}
      </ButtonLink>
    );
  }
  return (
    // Fixed like the sticky header it opens from: placed against the page, the menu would trail one
    // frame behind every scroll, and a tap during a scroll would land where it no longer is.
    <Menu.Root positioning={{ strategy: 'fixed' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="account-menu">
          <UserRound aria-hidden />
          {/* A phone shows the person's icon alone: a long name would push the header past the screen. */}
          <Text as="span" maxW="40" truncate srOnly={{ base: true, md: false }}>
            <UserText>{session.data.fullName}</UserText>
          </Text>
          <ChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {ACCOUNT_LINKS.map((link) => (
              <Menu.Item key={link.to} value={link.to} asChild>
                <RouterLink to={link.to}>{t(link.label)}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="sign-out" onSelect={() => signOut.mutate()} data-testid="sign-out">
              {t('nav.signOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
