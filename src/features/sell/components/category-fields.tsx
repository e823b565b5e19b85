import { SimpleGrid } from '@chakra-ui/react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../../lib/catalog';
import { SelectField } from '../../../lib/ui/select-field';
import type { AdFormApi } from '../utils/ad-form-values';

/**
 * Category, then subcategory, then brand: each waits for the one before it, and a new choice above
 * clears the choices below, which belonged to the old one.
 */
export function CategoryFields({ form }: { form: AdFormApi }) {
  const { t } = useTranslation('sell');
  const categories = useCategories();
  const { control, setValue, clearErrors } = form;
  // Each ref is taken out of its field, or the React Compiler lint takes the whole field for a ref.
  const { field: { ref: categoryRef, ...category }, fieldState: categoryState } = useController({ control, name: 'categoryId' });
  const { field: { ref: subcategoryRef, ...subcategory }, fieldState: subcategoryState } = useController({ control, name: 'subcategoryId' });
  const { field: { ref: brandRef, ...brand }, fieldState: brandState } = useController({ control, name: 'brandId' });
  const chosenCategory = categories.data?.find((option) => String(option.id) === category.value);
  const chosenSubcategory = chosenCategory?.children.find((option) => String(option.id) === subcategory.value);

  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <SelectField
        label={t('fields.categoryId')}
        placeholder={t('choose.category')}
        choices={categories.data ?? []}
        disabled={!categories.data}
        required
        error={categoryState.error?.message}
        field={category}
        selectRef={categoryRef}
        onChange={(value) => {
          category.onChange(value);
          setValue('subcategoryId', '');
          setValue('brandId', '');
          clearErrors(['subcategoryId', 'brandId']);
        }}
      />
      <SelectField
        label={t('fields.subcategoryId')}
        placeholder={chosenCategory ? t('choose.subcategory') : t('choose.categoryFirst')}
        choices={chosenCategory?.children ?? []}
        disabled={!chosenCategory}
        required
        error={subcategoryState.error?.message}
        field={subcategory}
        selectRef={subcategoryRef}
        onChange={(value) => {
          subcategory.onChange(value);
          setValue('brandId', '');
          clearErrors('brandId');
        }}
      />
      <SelectField
        label={t('fields.brandId')}
        placeholder={chosenSubcategory ? t('choose.brand') : t('choose.subcategoryFirst')}
        choices={chosenSubcategory?.brands ?? []}
        disabled={!chosenSubcategory || chosenSubcategory.brands.length === 0}
        error={brandState.error?.message}
        field={brand}
        selectRef={brandRef}
        onChange={brand.onChange}
      />
    </SimpleGrid>
  );
}
