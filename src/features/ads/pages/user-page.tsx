import { Avatar, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ERROR_CODES } from '../../../../domain/errors';
import { NotFoundView } from '../../../app/errors/not-found-view';
import { formatDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { errorCodeOf } from '../../../lib/http';
import { useLocale } from '../../../lib/use-locale';
import { UserText } from '../../../lib/ui/user-text';
import { usePublicUser } from '../api/get-public-user';
import { AdGrid } from '../components/ad-grid';
import { PageLoading } from '../../../lib/ui/page-loading';

export default function UserPage() {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { slug = '' } = useParams();
  const user = usePublicUser(slug);
  if (user.isPending) {
    return <PageLoading />;
  }
  if (user.isError) {
    if (errorCodeOf(user.error) === ERROR_CODES.NOT_FOUND) return <NotFoundView />;
    throw user.error;
  }
  const data = user.data;
  return (
    <Stack gap="8" data-page="user">
      <HStack gap="4" bg="bg" borderWidth="1px" borderRadius="l3" p={{ base: '4', md: '6' }} align="start">
        <Avatar.Root size={{ base: 'xl', md: '2xl' }} data-user-text="">
          <Avatar.Fallback name={data.fullName} />
        </Avatar.Root>
        <Stack gap="1">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            <UserText>{data.fullName}</UserText>
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('seller.joined', { date: formatDate(data.joinedAt, timeZone) })}
            {data.city ? `${t('common:separators.list')}${data.city[locale]}` : ''}
          </Text>
          {data.about ? (
            <Text mt="2" dir="auto" translate="no" data-user-text="" whiteSpace="pre-line">
              {data.about}
            </Text>
          ) : null}
        </Stack>
      </HStack>
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {t('seller.adsTitle', { count: data.ads.length })}
        </Heading>
        {data.ads.length === 0 ? <Text color="fg.muted">{t('seller.noAds')}</Text> : <AdGrid ads={data.ads} />}
      </Stack>
    </Stack>
  );
}
