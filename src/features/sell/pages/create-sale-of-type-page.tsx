import { Alert, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { type AdType, adTypeFromSlug } from '../../../../domain/ad';
import { ERROR_CODES } from '../../../../domain/errors';
import { signInPathFor } from '../../../../domain/routes';
import { NotFoundView } from '../../../app/errors/not-found-view';
import { errorCodeOf } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { ButtonLink } from '../../../lib/ui/router-link';
import { useOwnedAd } from '../api/get-owned-ad';
import { AdForm } from '../components/ad-form';

/** `/create-sales/{slug}`: the form of a sale type by its slug, or of one of the signed-in person's drafts. */
export default function CreateSaleOfTypePage() {
  const { slug = '' } = useParams();
  const type = adTypeFromSlug(slug);
  return type ? <NewAdOfType type={type} /> : <DraftOfSlug key={slug} slug={slug} />;
}

function CreateSaleLayout({ type, children }: { type: AdType; children: ReactNode }) {
  const { t } = useTranslation('sell');
  return (
    <Stack gap="2" data-page="create-sale-of-type" maxW="4xl" w="full" mx="auto">
      <PageHeading title={t('form.createTitle', { type: t(`common:saleTypes.${type}.name`) })} subtitle={t(`common:saleTypes.${type}.description`)} />
      {children}
    </Stack>
  );
}

function NewAdOfType({ type }: { type: AdType }) {
  const { t } = useTranslation('sell');
  const location = useLocation();
  const session = useSession();
  if (session.isError) throw session.error;
  return (
    <CreateSaleLayout type={type}>
      {session.isPending ? (
        <PageLoading />
      ) : session.data === null ? (
        <Alert.Root status="info" data-testid="sign-in-to-advertise" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content minW="60" flex="1">
            <Alert.Title>{t('pick.signInTitle')}</Alert.Title>
            <Alert.Description>{t('pick.signInDescription')}</Alert.Description>
          </Alert.Content>
          <ButtonLink to={signInPathFor(location.pathname)} size="sm" alignSelf="center">
            {t('pick.signIn')}
          </ButtonLink>
        </Alert.Root>
      ) : (
        <AdForm type={type} />
      )}
    </CreateSaleLayout>
  );
}

/**
 * A slug that names no sale type may name a draft of the signed-in person, which goes on from where it
 * was saved; anything else (someone else's ad, a published one, no ad at all) is not a page here.
 */
function DraftOfSlug({ slug }: { slug: string }) {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const ad = useOwnedAd(slug, { enabled: signedIn });
  if (session.isError) throw session.error;
  if (session.isPending || (signedIn && ad.isPending)) return <PageLoading />;
  if (ad.isError && !isNotYours(ad.error)) throw ad.error;
  if (!ad.data || ad.data.status !== 'DRAFT') return <NotFoundView />;
  return (
    <CreateSaleLayout type={ad.data.type}>
      <AdForm type={ad.data.type} ad={ad.data} />
    </CreateSaleLayout>
  );
}

/** The server answers an ad that is not the person's own as missing or forbidden: here, both mean no such page. */
const isNotYours = (error: unknown) => errorCodeOf(error) === ERROR_CODES.NOT_FOUND || errorCodeOf(error) === ERROR_CODES.FORBIDDEN;
