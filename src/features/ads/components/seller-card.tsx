import { Avatar, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AdDetail } from '../../../../domain/ad-schemas';
import { pathTo } from '../../../../domain/routes';
import { formatDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { AppLink } from '../../../lib/ui/router-link';
import { UserText } from '../../../lib/ui/user-text';

export function SellerCard({ seller }: { seller: AdDetail['seller'] }) {
  const { t } = useTranslation('ads');
  const timeZone = useTimeZone();
  return (
    <Card.Root data-testid="seller-card">
      <Card.Body>
        <HStack gap="3">
          <Avatar.Root data-user-text="">
            <Avatar.Fallback name={seller.fullName} />
          </Avatar.Root>
          <Stack gap="0">
            <AppLink to={pathTo('user', { slug: seller.slug })} fontWeight="semibold">
              <UserText>{seller.fullName}</UserText>
            </AppLink>
            <Text fontSize="sm" color="fg.muted">
              {t('seller.joined', { date: formatDate(seller.joinedAt, timeZone) })}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
