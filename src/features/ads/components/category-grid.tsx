import { SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { productListPath } from '../../../../domain/routes';
import { useCategories } from '../../../lib/catalog';
import { useLocale } from '../../../lib/use-locale';
import { CategoryIcon } from '../../../lib/ui/category-icon';

export function CategoryGrid() {
  const categories = useCategories();
  const locale = useLocale();
  if (categories.isPending) return <Skeleton height="40" borderRadius="l3" />;
  return (
    <SimpleGrid columns={{ base: 3, sm: 4, md: 5, lg: 10 }} gap="3">
      {categories.data?.map((category) => (
        <RouterLink key={category.slug} to={productListPath({ category: category.slug })} data-testid="category-link">
          <Stack
            align="center"
            gap="2"
            p="3"
            bg="bg"
            borderWidth="1px"
            borderRadius="l3"
            h="full"
            _hover={{ borderColor: 'colorPalette.solid', color: 'colorPalette.fg' }}
          >
            <CategoryIcon name={category.icon} size={28} />
            <Text fontSize="sm" textAlign="center" lineClamp={2}>
              {category.name[locale]}
            </Text>
          </Stack>
        </RouterLink>
      ))}
    </SimpleGrid>
  );
}
