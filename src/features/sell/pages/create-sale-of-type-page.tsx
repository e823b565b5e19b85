import { Stack } from '@chakra-ui/react';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { data, useParams } from 'react-router';
import { adTypeFromSlug } from '../../../../domain/ad';
import { ROUTES } from '../../../../domain/routes';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { ButtonLink } from '../../../lib/ui/router-link';

export default function CreateSaleOfTypePage() {
  const { t } = useTranslation('sell');
  const { slug = '' } = useParams();
  const type = adTypeFromSlug(slug);
  if (!type) throw data(null, { status: 404 });
  return (
    <Stack gap="2" data-page="create-sale-of-type">
      <PageHeading title={t('form.title', { type: t(`common:saleTypes.${type}.name`) })} subtitle={t(`common:saleTypes.${type}.description`)} />
      <PageEmptyState
        icon={<ClipboardList />}
        title={t('form.emptyTitle')}
        description={t('form.emptyDescription')}
        action={<ButtonLink to={ROUTES.createSale}>{t('form.back')}</ButtonLink>}
      />
    </Stack>
  );
}
