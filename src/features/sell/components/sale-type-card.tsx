import { Card, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AD_TYPE_SLUGS, type AdType } from '../../../../domain/ad';
import { pathTo } from '../../../../domain/routes';

export function SaleTypeCard({ type }: { type: AdType }) {
  const { t } = useTranslation();
  return (
    <Card.Root asChild _hover={{ borderColor: 'colorPalette.solid', boxShadow: 'sm' }} data-testid="sale-type-card">
      <RouterLink to={pathTo('createSaleOfType', { slug: AD_TYPE_SLUGS[type] })}>
        <Card.Body gap="2">
          <Heading as="h2" size="md">
            {t(`saleTypes.${type}.name`)}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t(`saleTypes.${type}.description`)}
          </Text>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  );
}
