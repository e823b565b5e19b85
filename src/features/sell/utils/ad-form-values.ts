import { toNestErrors } from '@hookform/resolvers';
import { format } from 'date-fns';
import type { FieldError, Resolver, UseFormReturn } from 'react-hook-form';
import type { AdType, ProductCondition, ShippingType } from '../../../../domain/ad';
import { type AdFieldIssue, type AdInput, adComparisonIssues, adInputSchema, adPublishIssues, fieldsOfType, type OwnedAd } from '../../../../domain/ad-form';
import { type AdFieldName, asksFor } from '../../../../domain/ad-fields';
import { ERROR_CODES, type ErrorCode, isErrorCode } from '../../../../domain/errors';
import { minorUnitsPerMajor } from '../../../../domain/money';
import { latinAmountText } from '../../../lib/amount-input';

/** Which button sent the form: a draft keeps only the comparisons, publishing needs every field. */
export type AdFormIntent = 'draft' | 'publish';

/**
 * What the inputs hold: selects and numbers as their text, amounts in WHOLE major units of the
 * currency, moments as `datetime-local` text. `adInputOf` turns it into the API's `AdInput`.
 */
export interface AdFormValues {
  intent: AdFormIntent;
  title: string;
  description: string;
  categoryId: string;
  subcategoryId: string;
  brandId: string;
  keywords: string[];
  condition: ProductCondition | '';
  imageIds: string[];
  mainImageId: string | null;
  videoId: string | null;
  documentIds: string[];
  price: string;
  negotiable: boolean;
  shippingType: ShippingType | '';
  shippingFee: string;
  returnable: boolean;
  cashOnDelivery: boolean;
  openingAmount: string;
  onBackPrice: string;
  instantPurchaseAmount: string;
  allowDecimalBids: boolean;
  countryCodes: string[];
  cityId: string;
  startsNow: boolean;
  startsAt: string;
  endsAt: string;
  auctionDurationHours: string;
  subAuctionDurationMinutes: string;
  liveLink: string;
  offersVisibleToSubscribers: boolean;
}

type AmountField = 'price' | 'shippingFee' | 'openingAmount' | 'onBackPrice' | 'instantPurchaseAmount';

/** The `datetime-local` input's text for a moment, in this device's time zone. */
const DATE_TIME_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

export function dateTimeInputValue(timestamp: number): string {
  return format(timestamp, DATE_TIME_INPUT_FORMAT);
}

export function emptyAdFormValues(countryCode: string | null): AdFormValues {
  return {
    intent: 'draft',
    title: '',
    description: '',
    categoryId: '',
    subcategoryId: '',
    brandId: '',
    keywords: [],
    condition: '',
    imageIds: [],
    mainImageId: null,
    videoId: null,
    documentIds: [],
    price: '',
    negotiable: false,
    shippingType: '',
    shippingFee: '',
    returnable: false,
    cashOnDelivery: false,
    openingAmount: '',
    onBackPrice: '',
    instantPurchaseAmount: '',
    allowDecimalBids: false,
    countryCodes: countryCode ? [countryCode] : [],
    cityId: '',
    startsNow: true,
    startsAt: '',
    endsAt: '',
    auctionDurationHours: '',
    subAuctionDurationMinutes: '',
    liveLink: '',
    offersVisibleToSubscribers: false,
  };
}

const textOf = (value: number | null) => (value === null ? '' : String(value));

/** An owned ad's stored fields as the form shows them (amounts back in major units). */
export function adFormValuesOf(ad: Pick<OwnedAd, 'fields' | 'currency'>): AdFormValues {
  const { fields } = ad;
  const perMajor = minorUnitsPerMajor(ad.currency);
  const major = (amount: number | null) => (amount === null ? '' : String(amount / perMajor));
  return {
    intent: 'draft',
    title: fields.title,
    description: fields.description,
    categoryId: textOf(fields.categoryId),
    subcategoryId: textOf(fields.subcategoryId),
    brandId: textOf(fields.brandId),
    keywords: fields.keywords,
    condition: fields.condition ?? '',
    imageIds: fields.imageIds,
    mainImageId: fields.mainImageId,
    videoId: fields.videoId,
    documentIds: fields.documentIds,
    price: major(fields.price),
    negotiable: fields.negotiable,
    shippingType: fields.shippingType ?? '',
    shippingFee: major(fields.shippingFee),
    returnable: fields.returnable,
    cashOnDelivery: fields.cashOnDelivery,
    openingAmount: major(fields.openingAmount),
    onBackPrice: major(fields.onBackPrice),
    instantPurchaseAmount: major(fields.instantPurchaseAmount),
    allowDecimalBids: fields.allowDecimalBids,
    countryCodes: fields.countryCodes,
    cityId: textOf(fields.cityId),
    startsNow: fields.startsNow,
    startsAt: fields.startsAt === null ? '' : dateTimeInputValue(fields.startsAt),
    endsAt: fields.endsAt === null ? '' : dateTimeInputValue(fields.endsAt),
    auctionDurationHours: textOf(fields.auctionDurationHours),
    subAuctionDurationMinutes: textOf(fields.subAuctionDurationMinutes),
    liveLink: fields.liveLink ?? '',
    offersVisibleToSubscribers: fields.offersVisibleToSubscribers,
  };
}

/** A typed whole number: null when empty, NaN when it is not digits only. */
function wholeNumberOf(text: string): number | null {
  const digits = latinAmountText(text);
  if (digits === '') return null;
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

function idOf(text: string): number | null {
  return text === '' ? null : Number(text);
}

function momentOf(text: string): number | null {
  if (text === '') return null;
  const moment = new Date(text).getTime();
  return Number.isNaN(moment) ? null : moment;
}

/**
 * The API's input from what the inputs hold, in the sale type's fields only. Text that is no whole
 * number greater than 0 cannot become an amount: it is reported on its field, not guessed at.
 */
function adInputOf(type: AdType, values: AdFormValues, currency: string): { input: AdInput; issues: AdFieldIssue[] } {
  const issues: AdFieldIssue[] = [];
  const perMajor = minorUnitsPerMajor(currency);
  const wholeNumber = (field: AdFieldName, text: string, unit: number): number | null => {
    const number = wholeNumberOf(text);
    if (number === null) return null;
    if (Number.isNaN(number) || number === 0) {
      issues.push({ path: field, code: ERROR_CODES.NOT_POSITIVE_INTEGER });
      return null;
    }
    return number * unit;
  };
  const amount = (field: AmountField) => wholeNumber(field, values[field], perMajor);
  const input: AdInput = {
    title: values.title,
    description: values.description,
    categoryId: idOf(values.categoryId),
    subcategoryId: idOf(values.subcategoryId),
    brandId: idOf(values.brandId),
    keywords: values.keywords,
    condition: values.condition || null,
    imageIds: values.imageIds,
    mainImageId: values.mainImageId,
    videoId: values.videoId,
    documentIds: values.documentIds,
    price: amount('price'),
    negotiable: values.negotiable,
    shippingType: values.shippingType || null,
    // A fee is only asked for paid shipping; one typed before switching to free is not sent.
    shippingFee: values.shippingType === 'PAID' ? amount('shippingFee') : null,
    returnable: values.returnable,
    cashOnDelivery: values.cashOnDelivery,
    openingAmount: amount('openingAmount'),
    onBackPrice: amount('onBackPrice'),
    instantPurchaseAmount: amount('instantPurchaseAmount'),
    allowDecimalBids: values.allowDecimalBids,
    countryCodes: values.countryCodes,
    cityId: idOf(values.cityId),
    startsNow: values.startsNow,
    startsAt: values.startsNow ? null : momentOf(values.startsAt),
    endsAt: momentOf(values.endsAt),
    auctionDurationHours: wholeNumber('auctionDurationHours', values.auctionDurationHours, 1),
    subAuctionDurationMinutes: wholeNumber('subAuctionDurationMinutes', values.subAuctionDurationMinutes, 1),
    liveLink: values.liveLink.trim() || null,
    offersVisibleToSubscribers: values.offersVisibleToSubscribers,
  };
  return { input: fieldsOfType(type, input), issues: issues.filter((issue) => asksFor(type, issue.path as AdFieldName)) };
}

/**
 * Every check the server makes on these fields, in the same order of importance: what could not be
 * read, the field rules of `adInputSchema`, the comparisons between fields, and, when publishing,
 * everything the sale type needs. The first verdict on a field is the one shown.
 */
function adFieldIssues(type: AdType, values: AdFormValues, currency: string, now: number): { input: AdInput; issues: AdFieldIssue[] } {
  const { input, issues } = adInputOf(type, values, currency);
  const parsed = adInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ path: issue.path.join('.') as AdFieldIssue['path'], code: isErrorCode(issue.message) ? issue.message : ERROR_CODES.VALIDATION_FAILED });
    }
  }
  const checked = parsed.success ? parsed.data : input;
  issues.push(...(values.intent === 'publish' ? adPublishIssues(type, checked, now) : adComparisonIssues(checked)));
  return { input: checked, issues };
}

/** The form's resolver: the domain's rules, with the currency of the first chosen country for amounts. */
export function adFormResolver(type: AdType, currencyOf: (countryCodes: readonly string[]) => string): Resolver<AdFormValues, unknown, AdInput> {
  return (values, _context, options) => {
    const { input, issues } = adFieldIssues(type, values, currencyOf(values.countryCodes), Date.now());
    if (issues.length === 0) return { values: input, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of issues) flat[issue.path] ??= { type: 'validate', message: issue.code satisfies ErrorCode };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/** The form as its sections receive it. */
export type AdFormApi = UseFormReturn<AdFormValues, unknown, AdInput>;
