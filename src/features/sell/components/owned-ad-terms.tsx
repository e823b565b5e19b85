import { DataList, Link, Tag, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnedAd } from '../../../../domain/ad-form';
import { asksFor } from '../../../../domain/ad-fields';
import { mediaUrl } from '../../../../domain/media';
import { useCategories, useCountries } from '../../../lib/catalog';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';

/**
 * What the owner has filled in so far, as buyers will read it, plus what only the owner sees (the
 * reserve price's value). Fields left empty are not listed: the missing list says what they are.
 */
export function OwnedAdTerms({ ad }: { ad: OwnedAd }) {
  const { t } = useTranslation('sell');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const categories = useCategories();
  const countries = useCountries();
  const { fields, type } = ad;
  const asks = (field: Parameters<typeof asksFor>[1]) => asksFor(type, field);
  const money = (amount: number) => <bdi>{formatMoney(amount, ad.currency, locale)}</bdi>;
  const yesNo = (value: boolean) => t(value ? 'terms.yes' : 'terms.no');
  const separator = t('common:separators.list');

  const category = categories.data?.find((candidate) => candidate.id === fields.categoryId);
  const subcategory = category?.children.find((candidate) => candidate.id === fields.subcategoryId);
  const brand = subcategory?.brands.find((candidate) => candidate.id === fields.brandId);
  const offeredIn = fields.countryCodes.map((code) => countries.data?.find((country) => country.code === code));
  const city = offeredIn[0]?.cities.find((candidate) => candidate.id === fields.cityId);
  const mediaById = new Map(ad.media.map((item) => [item.id, item]));

  const rows: Array<[string, ReactNode]> = [];
  const add = (label: string, value: ReactNode) => rows.push([label, value]);
  if (category) add(t('fields.categoryId'), [category, subcategory, brand].filter(Boolean).map((choice) => choice!.name[locale]).join(t('common:separators.breadcrumb')));
  if (fields.condition) add(t('fields.condition'), t(`conditions.${fields.condition}`));
  if (fields.keywords.length > 0) {
    add(
      t('fields.keywords'),
      <Wrap gap="1.5">
        {fields.keywords.map((keyword) => (
          <Tag.Root key={keyword} size="sm">
            <Tag.Label>
              <UserText>{keyword}</UserText>
            </Tag.Label>
          </Tag.Root>
        ))}
      </Wrap>,
    );
  }
  if (asks('price') && fields.price !== null) add(t('fields.price'), money(fields.price));
  if (asks('negotiable')) add(t('fields.negotiable'), yesNo(fields.negotiable));
  if (asks('openingAmount') && fields.openingAmount !== null) add(t('fields.openingAmount'), money(fields.openingAmount));
  if (asks('onBackPrice') && fields.onBackPrice !== null) {
    add(
      t('fields.onBackPrice'),
      <>
        {money(fields.onBackPrice)}
        <Text as="span" color="fg.muted" fontSize="sm" ms="2">
          {t('terms.hiddenFromBuyers')}
        </Text>
      </>,
    );
  }
  if (asks('instantPurchaseAmount') && fields.instantPurchaseAmount !== null) add(t('fields.instantPurchaseAmount'), money(fields.instantPurchaseAmount));
  if (asks('allowDecimalBids')) add(t('fields.allowDecimalBids'), yesNo(fields.allowDecimalBids));
  if (asks('offersVisibleToSubscribers')) add(t('fields.offersVisibleToSubscribers'), yesNo(fields.offersVisibleToSubscribers));
  if (asks('shippingType') && fields.shippingType) {
    add(t('fields.shippingType'), fields.shippingType === 'PAID' && fields.shippingFee !== null ? <>{t('shipping.PAID')}{separator}{money(fields.shippingFee)}</> : t(`shipping.${fields.shippingType}`));
  }
  if (asks('returnable')) add(t('fields.returnable'), yesNo(fields.returnable));
  if (asks('cashOnDelivery')) add(t('fields.cashOnDelivery'), yesNo(fields.cashOnDelivery));
  if (offeredIn.length > 0) add(t('fields.countryCodes'), offeredIn.map((country, index) => country?.name[locale] ?? fields.countryCodes[index]).join(separator));
  if (city) add(t('fields.cityId'), city.name[locale]);
  if (asks('startsNow')) {
    if (fields.startsNow) add(t('fields.startsAt'), t('terms.startsWhenPublished'));
    else if (fields.startsAt !== null) add(t('fields.startsAt'), <bdi>{formatDateTime(fields.startsAt, locale, timeZone, { withZone: true })}</bdi>);
  }
  if (asks('endsAt') && fields.endsAt !== null) add(t('fields.endsAt'), <bdi>{formatDateTime(fields.endsAt, locale, timeZone, { withZone: true })}</bdi>);
  if (asks('auctionDurationHours') && fields.auctionDurationHours !== null) add(t('fields.auctionDurationHours'), t('terms.hours', { count: fields.auctionDurationHours }));
  if (asks('subAuctionDurationMinutes') && fields.subAuctionDurationMinutes !== null) add(t('fields.subAuctionDurationMinutes'), t('terms.minutes', { count: fields.subAuctionDurationMinutes }));
  if (asks('liveLink') && fields.liveLink) {
    add(
      t('fields.liveLink'),
      <Link href={fields.liveLink} target="_blank" rel="noopener noreferrer" dir="ltr" wordBreak="break-all">
        {fields.liveLink}
      </Link>,
    );
  }
  const video = fields.videoId ? mediaById.get(fields.videoId) : undefined;
  if (video) add(t('fields.videoId'), <FileLink id={video.id} name={video.name} />);
  if (fields.documentIds.length > 0) {
    add(
      t('fields.documentIds'),
      <Wrap gap="3">
        {fields.documentIds.map((id) => (
          <FileLink key={id} id={id} name={mediaById.get(id)?.name ?? t('fields.documentIds')} />
        ))}
      </Wrap>,
    );
  }

  return (
    <DataList.Root orientation="horizontal" size="md" data-testid="owned-ad-terms">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW={{ base: '32', md: '44' }}>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function FileLink({ id, name }: { id: string; name: string }) {
  return (
    <Link href={mediaUrl(id, 'file')} target="_blank" rel="noopener" color="colorPalette.fg">
      <UserText>{name}</UserText>
    </Link>
  );
}
