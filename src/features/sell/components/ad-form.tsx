import { Button, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AdType, isAuctionType, isTenderType, PRODUCT_CONDITIONS, SHIPPING_TYPES } from '../../../../domain/ad';
import { AD_TEXT_LIMITS, type AdInput, AUCTION_DURATION_HOURS_MAX, type OwnedAd } from '../../../../domain/ad-form';
import { type AdFieldName, asksFor } from '../../../../domain/ad-fields';
import { ERROR_CODES } from '../../../../domain/errors';
import type { MediaItem } from '../../../../domain/media-schemas';
import { DEFAULT_CURRENCY } from '../../../../domain/money';
import { pathTo, ROUTES, withReturnTo } from '../../../../domain/routes';
import { useCountries } from '../../../lib/catalog';
import { useChosenCountry } from '../../../lib/country';
import { formRefusalCode, showFieldRefusals } from '../../../lib/ui/form-error';
import { TextField } from '../../../lib/ui/text-field';
import { useLocale } from '../../../lib/use-locale';
import { useCreateAd } from '../api/create-ad';
import { useUpdateAd } from '../api/update-ad';
import { adFormResolver, type AdFormIntent, type AdFormValues, adFormValuesOf, dateTimeInputValue, emptyAdFormValues } from '../utils/ad-form-values';
import { AdCommandRefusal } from './ad-command-refusal';
import { currencySymbol } from '../../../lib/format';
import { FormSection, NumberField, RadioChoiceField, SwitchField } from './ad-form-fields';
import { CategoryFields } from './category-fields';
import { CountriesField } from './countries-field';
import { KeywordsField } from './keywords-field';
import { DocumentsField, ImagesField, VideoField } from './media-fields';
import { UploadsInFlightContext, useUploadsInFlight } from '../hooks/uploads-in-flight';

interface AdFormProps {
  type: AdType;
  /** The ad being edited; a new ad without it. */
  ad?: OwnedAd;
}

/**
 * The ad form of one sale type, for a new ad and for editing one: exactly the fields the type asks
 * for, checked by the domain's rules as the server checks them. A draft can be saved at any point;
 * publishing needs everything. Whatever the server refuses, everything typed stays.
 */
export function AdForm({ type, ad }: AdFormProps) {
  const { t } = useTranslation('sell');
  const locale = useLocale();
  const navigate = useNavigate();
  const countries = useCountries();
  const chosenCountry = useChosenCountry();
  const create = useCreateAd();
  const update = useUpdateAd();
  const command = ad ? update : create;
  const [media, setMedia] = useState<Record<string, MediaItem>>(() => Object.fromEntries((ad?.media ?? []).map((item) => [item.id, item])));
  // Before any country is chosen the ad keeps the currency it has (or the market's default).
  const currencyOf = (countryCodes: readonly string[]) => countries.data?.find((country) => country.code === countryCodes[0])?.currency ?? ad?.currency ?? DEFAULT_CURRENCY;
  const form = useForm<AdFormValues, unknown, AdInput>({
    resolver: adFormResolver(type, currencyOf),
    defaultValues: ad ? adFormValuesOf(ad) : emptyAdFormValues(chosenCountry),
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const uploads = useUploadsInFlight();
  const [countryCodes, startsNow, shippingType, intent] = useWatch({ control: form.control, name: ['countryCodes', 'startsNow', 'shippingType', 'intent'] });
  const [earliestStart] = useState(() => dateTimeInputValue(Date.now()));
  const currency = currencySymbol(currencyOf(countryCodes), locale);
  const asks = (field: AdFieldName) => asksFor(type, field);
  const isPublished = ad?.status === 'PUBLISHED';
  const storeMedia = (item: MediaItem) => setMedia((current) => ({ ...current, [item.id]: item }));

  /** `toPackages`: out of credit, the ad is kept as a draft and the packages open, to come back to it. */
  const submitAs = (chosen: AdFormIntent, { toPackages = false } = {}) => {
    command.reset();
    form.setValue('intent', chosen);
    void form.handleSubmit(async (fields) => {
      const publish = chosen === 'publish';
      try {
        const result = ad ? await update.mutateAsync({ slug: ad.slug, fields, publish }) : await create.mutateAsync({ type, fields, publish });
        const draftPath = pathTo('adDraft', { slug: result.slug });
        navigate(publish ? pathTo('ad', { slug: result.slug }) : toPackages ? withReturnTo(ROUTES.subscriptions, draftPath) : draftPath);
      } catch (error) {
        showFieldRefusals(error, form.setError);
      }
    })();
  };

  // A long form: when a try finds faults, the place of the buttons says so too, and each field says what is wrong with it.
  const hasFieldFaults = submitCount > 0 && Object.keys(errors).length > 0;
  const refusal = formRefusalCode(command.error) ?? (hasFieldFaults ? ERROR_CODES.VALIDATION_FAILED : null);
  const amountUnit = { unit: currency };

  return (
    <UploadsInFlightContext.Provider value={uploads.report}>
      <form noValidate onSubmit={(event) => event.preventDefault()} data-testid="ad-form" data-type={type}>
        <Stack gap="6">
          <Text color="fg.muted" fontSize="sm">
            {isPublished ? t('form.publishedNote') : t('form.requiredNote')}
          </Text>

          <FormSection title={t('sections.item')} testId="section-item">
            <TextField label={t('fields.title')} error={errors.title?.message} required helperText={t('help.title', { max: AD_TEXT_LIMITS.title })}>
              <Input dir="auto" autoComplete="off" {...form.register('title')} />
            </TextField>
            <TextField label={t('fields.description')} error={errors.description?.message} required helperText={t('help.description', { max: AD_TEXT_LIMITS.description })}>
              <Textarea dir="auto" rows={6} autoresize {...form.register('description')} />
            </TextField>
            <CategoryFields form={form} />
            <KeywordsField form={form} />
            <RadioChoiceField form={form} name="condition" legend={t('fields.condition')} required choices={PRODUCT_CONDITIONS.map((value) => ({ value, label: t(`conditions.${value}`) }))} />
          </FormSection>

          <FormSection title={asks('documentIds') ? t('sections.mediaAndDocuments') : t('sections.media')} testId="section-media">
            <ImagesField form={form} />
            {asks('videoId') ? <VideoField form={form} media={media} onStored={storeMedia} /> : null}
            {asks('documentIds') ? <DocumentsField form={form} media={media} onStored={storeMedia} /> : null}
          </FormSection>

          <FormSection title={t('sections.where')} description={t('sections.whereDescription')} testId="section-where">
            <CountriesField form={form} />
          </FormSection>

          <FormSection
            title={isTenderType(type) ? t('sections.tenderTerms') : t('sections.price')}
            description={isTenderType(type) ? undefined : t('sections.priceDescription', { currency })}
            testId="section-price"
          >
            {asks('price') ? <NumberField form={form} name="price" label={t('fields.price')} required {...amountUnit} /> : null}
            {isAuctionType(type) ? (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                <NumberField form={form} name="openingAmount" label={t('fields.openingAmount')} required helperText={t('help.openingAmount')} {...amountUnit} />
                <NumberField form={form} name="onBackPrice" label={t('fields.onBackPrice')} helperText={t('help.onBackPrice')} {...amountUnit} />
                {asks('instantPurchaseAmount') ? (
                  <NumberField form={form} name="instantPurchaseAmount" label={t('fields.instantPurchaseAmount')} required helperText={t('help.instantPurchaseAmount')} {...amountUnit} />
                ) : null}
              </SimpleGrid>
            ) : null}
            {asks('negotiable') ? <SwitchField form={form} name="negotiable" label={t('fields.negotiable')} helperText={t(asks('instantPurchaseAmount') ? 'help.negotiableInAuction' : 'help.negotiable')} /> : null}
            {asks('allowDecimalBids') ? <SwitchField form={form} name="allowDecimalBids" label={t('fields.allowDecimalBids')} helperText={t('help.allowDecimalBids')} /> : null}
            {asks('offersVisibleToSubscribers') ? (
              <SwitchField form={form} name="offersVisibleToSubscribers" label={t('fields.offersVisibleToSubscribers')} helperText={t('help.offersVisibleToSubscribers')} />
            ) : null}
          </FormSection>

          {asks('shippingType') ? (
            <FormSection title={t('sections.delivery')} testId="section-delivery">
              <RadioChoiceField form={form} name="shippingType" legend={t('fields.shippingType')} required choices={SHIPPING_TYPES.map((value) => ({ value, label: t(`shipping.${value}`) }))} />
              {shippingType === 'PAID' ? <NumberField form={form} name="shippingFee" label={t('fields.shippingFee')} required {...amountUnit} /> : null}
              <SwitchField form={form} name="returnable" label={t('fields.returnable')} helperText={t('help.returnable')} />
              <SwitchField form={form} name="cashOnDelivery" label={t('fields.cashOnDelivery')} helperText={t('help.cashOnDelivery')} />
            </FormSection>
          ) : null}

          {asks('startsNow') ? (
            <FormSection title={t('sections.schedule')} testId="section-schedule">
              <SwitchField form={form} name="startsNow" label={t('fields.startsNow')} helperText={t('help.startsNow')} />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                {startsNow ? null : (
                  <TextField label={t('fields.startsAt')} error={errors.startsAt?.message} required helperText={t('help.startsAt')}>
                    <Input type="datetime-local" min={earliestStart} {...form.register('startsAt')} />
                  </TextField>
                )}
                {asks('endsAt') ? (
                  <TextField label={t('fields.endsAt')} error={errors.endsAt?.message} required helperText={t('help.endsAt')}>
                    <Input type="datetime-local" min={earliestStart} {...form.register('endsAt')} />
                  </TextField>
                ) : null}
                {asks('auctionDurationHours') ? (
                  <NumberField
                    form={form}
                    name="auctionDurationHours"
                    label={t('fields.auctionDurationHours')}
                    unit={t('units.hours')}
                    required
                    helperText={t('help.auctionDurationHours', { max: AUCTION_DURATION_HOURS_MAX })}
                  />
                ) : null}
                {asks('subAuctionDurationMinutes') ? (
                  <NumberField form={form} name="subAuctionDurationMinutes" label={t('fields.subAuctionDurationMinutes')} unit={t('units.minutes')} required helperText={t('help.subAuctionDurationMinutes')} />
                ) : null}
              </SimpleGrid>
              {asks('liveLink') ? (
                <TextField label={t('fields.liveLink')} error={errors.liveLink?.message} required helperText={t('help.liveLink')}>
                  <Input type="url" dir="ltr" inputMode="url" autoComplete="url" {...form.register('liveLink')} />
                </TextField>
              ) : null}
            </FormSection>
          ) : null}

          <Stack gap="4" borderTopWidth="1px" pt="6">
            <AdCommandRefusal error={command.error} code={refusal} onSeePackages={isPublished ? undefined : () => submitAs('draft', { toPackages: true })} />
            {uploads.running > 0 ? (
              <Text color="fg.muted" fontSize="sm" textAlign="end" aria-live="polite" data-testid="uploads-running">
                {t('media.waitForUploads', { count: uploads.running })}
              </Text>
            ) : null}
            <HStack gap="3" wrap="wrap" justify="flex-end">
              {isPublished ? (
                <Button onClick={() => submitAs('publish')} loading={isSubmitting} disabled={uploads.running > 0} data-testid="save-changes">
                  {t('form.saveChanges')}
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => submitAs('draft')} loading={isSubmitting && intent === 'draft'} disabled={isSubmitting || uploads.running > 0} data-testid="save-draft">
                    {t('form.saveDraft')}
                  </Button>
                  <Button onClick={() => submitAs('publish')} loading={isSubmitting && intent === 'publish'} disabled={isSubmitting || uploads.running > 0} data-testid="publish">
                    {t('form.publish')}
                  </Button>
                </>
              )}
            </HStack>
          </Stack>
        </Stack>
      </form>
    </UploadsInFlightContext.Provider>
  );
}
