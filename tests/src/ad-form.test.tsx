// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../domain/auth-schemas';
import type { OwnedAd } from '../../domain/ad-form';
import type { Category, Country } from '../../domain/catalog';
import { pathTo, ROUTES } from '../../domain/routes';
import enErrors from '../../locales/en/errors.json';
import { mockFetch, renderWithProviders, standInForResizeObserver } from './render-with-providers';

const fetchMock = mockFetch();
// The description's textarea grows with its text.
standInForResizeObserver();

const { default: CreateSaleOfTypePage } = await import('../../src/features/sell/pages/create-sale-of-type-page');
const { default: AdEditPage } = await import('../../src/features/sell/pages/ad-edit-page');
const { categoriesQueryOptions, countriesQueryOptions } = await import('../../src/lib/catalog');
const { sessionQueryOptions } = await import('../../src/lib/session');
const { ownedAdQueryOptions } = await import('../../src/features/sell/api/get-owned-ad');
const { fileRefusal } = await import('../../src/features/sell/utils/upload-checks');

const SAUDI_ARABIA: Country = { code: 'SA', dialCode: '966', currency: 'SAR', name: { ar: 'السعودية', en: 'Saudi Arabia' }, cities: [{ id: 101, name: { ar: 'الرياض', en: 'Riyadh' } }] };
const CARS: Category = {
  id: 1,
  slug: 'cars',
  icon: 'car',
  name: { ar: 'سيارات', en: 'Cars' },
  children: [{ id: 11, slug: 'sedans', icon: 'car', name: { ar: 'سيدان', en: 'Sedans' }, brands: [{ id: 111, name: { ar: 'تويوتا', en: 'Toyota' } }] }],
};
const USER = { id: 7, slug: 'ahmed', fullName: 'Ahmed' } as unknown as SessionUser;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderAt(path: string, ownedAd?: OwnedAd) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionQueryOptions.queryKey, USER);
  queryClient.setQueryData(countriesQueryOptions.queryKey, [SAUDI_ARABIA]);
  queryClient.setQueryData(categoriesQueryOptions.queryKey, [CARS]);
  if (ownedAd) queryClient.setQueryData(ownedAdQueryOptions(ownedAd.slug).queryKey, ownedAd);
  const router = createMemoryRouter(
    [
      { path: ROUTES.createSaleOfType, Component: CreateSaleOfTypePage },
      { path: ROUTES.adEdit, Component: AdEditPage },
      { path: ROUTES.adDraft, element: <p>draft preview</p> },
      { path: ROUTES.ad, element: <p>ad page</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, view: renderWithProviders(<RouterProvider router={router} />, { queryClient }) };
}

const sentBodies = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fieldOf = (label: RegExp) => screen.getByLabelText(label).closest('[data-part="root"]') as HTMLElement;
/** The message shown under a field or a group of fields, or '' when it shows none. */
const errorIn = (field: HTMLElement) => field.querySelector('[data-part="error-text"]')?.textContent ?? '';
const errorOf = (label: RegExp) => errorIn(fieldOf(label));
const chipTexts = () => within(screen.getByTestId('keyword-chips')).getAllByRole('listitem').map((chip) => chip.textContent);

// Rendering the whole form in jsdom is slow on a busy machine.
describe('the ad form', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
  });

  it('checks an instant sale like the server before sending it: required fields, whole amounts, repeated keywords', async () => {
    renderAt(pathTo('createSaleOfType', { slug: 'instant-sale' }));
    await screen.findByTestId('ad-form');
    // Only the fields an instant sale asks for.
    expect(screen.queryByLabelText(/fields\.openingAmount/)).toBeNull();
    expect(screen.queryByLabelText(/fields\.liveLink/)).toBeNull();

    type(/fields\.title/, 'Toyota Camry 2019');
    type(/fields\.price/, '12.5');

    const keyword = screen.getByRole('textbox', { name: 'fields.keywords' });
    fireEvent.change(keyword, { target: { value: 'camry' } });
    fireEvent.keyDown(keyword, { key: 'Enter' });
    expect(chipTexts()).toEqual(['camry']);
    fireEvent.change(keyword, { target: { value: ' CAMRY ' } });
    fireEvent.click(screen.getByRole('button', { name: 'keywords.add' }));
    await waitFor(() => expect(errorOf(/fields\.keywords/)).toBe('Keyword already added'));
    // The refused text stays for correcting, and no second chip appears.
    expect((keyword as HTMLInputElement).value).toBe(' CAMRY ');
    expect(chipTexts()).toEqual(['camry']);

    fireEvent.click(screen.getByRole('button', { name: 'form.publish' }));

    await waitFor(() => expect(errorOf(/fields\.description/)).toBe('This field is required'));
    expect(errorOf(/fields\.price/)).toBe('Enter a whole number greater than 0');
    expect(errorIn(screen.getByRole('group', { name: 'fields.imageIds' }))).toBe('Add at least one image');
    expect(errorOf(/fields\.categoryId/)).toBe('This field is required');
    expect(screen.getByRole('alert', { name: '' }).textContent).toContain('There are some errors, please try again');
    expect((screen.getByLabelText(/fields\.title/) as HTMLInputElement).value).toBe('Toyota Camry 2019');
    expect(sentBodies()).toEqual([]);
  });

  it('refuses a reserve price that does not exceed the opening amount, then saves the draft in minor units', async () => {
    fetchMock.mockImplementation(async (url, init) => (init?.method === 'POST' && String(url).endsWith('/ads') ? json(201, { slug: 'camry-1', status: 'DRAFT' }) : json(404, { error: { code: 'NOT_FOUND' } })));
    const { router } = renderAt(pathTo('createSaleOfType', { slug: 'public-auction' }));
    await screen.findByTestId('ad-form');

    type(/fields\.openingAmount/, '1000');
    type(/fields\.onBackPrice/, '900');
    fireEvent.click(screen.getByRole('button', { name: 'form.saveDraft' }));
    await waitFor(() => expect(errorOf(/fields\.onBackPrice/)).toBe('The reserve (on-back) price must be higher than the opening amount'));
    expect(errorOf(/fields\.openingAmount/)).toBe('');
    // A draft needs no title: only the rule between the two amounts held it back.
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(sentBodies()).toEqual([]);

    // Arabic-Indic digits, as an Arabic keyboard types them.
    type(/fields\.onBackPrice/, '١٥٠٠');
    fireEvent.change(screen.getByLabelText(/fields\.categoryId/), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(/fields\.subcategoryId/), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'form.saveDraft' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(pathTo('adDraft', { slug: 'camry-1' })));
    const [body] = sentBodies();
    expect(body).toMatchObject({ type: 'PUBLIC_AUCTION', publish: false, fields: { openingAmount: 100_000, onBackPrice: 150_000, categoryId: 1, subcategoryId: 11, countryCodes: [], startsNow: true } });
    // Fields the sale type does not ask for are never sent.
    expect(body!.fields).not.toHaveProperty('price');
  });

  it('refuses amounts past the amount limit on their fields, however long, before sending', async () => {
    renderAt(pathTo('createSaleOfType', { slug: 'instant-sale-and-auction' }));
    await screen.findByTestId('ad-form');
    // One riyal past the limit, and a number too long to be exact.
    type(/fields\.openingAmount/, '100000000001');
    type(/fields\.instantPurchaseAmount/, '9'.repeat(40));
    type(/fields\.onBackPrice/, '1000');
    fireEvent.click(screen.getByRole('button', { name: 'form.saveDraft' }));
    await waitFor(() => expect(errorOf(/fields\.openingAmount/)).toBe(enErrors.AMOUNT_TOO_LARGE));
    expect(errorOf(/fields\.instantPurchaseAmount/)).toBe(enErrors.AMOUNT_TOO_LARGE);
    // The reserve is refused for being below the opening amount, not for its size.
    expect(errorOf(/fields\.onBackPrice/)).toBe(enErrors.ON_BACK_PRICE_TOO_LOW);
    expect(sentBodies()).toEqual([]);
  });

  it('keeps the subcategory closed until a category is chosen, and a new category clears it', async () => {
    renderAt(pathTo('createSaleOfType', { slug: 'instant-sale' }));
    await screen.findByTestId('ad-form');
    const subcategory = screen.getByLabelText(/fields\.subcategoryId/) as HTMLSelectElement;
    expect(subcategory.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/fields\.categoryId/), { target: { value: '1' } });
    await waitFor(() => expect(subcategory.disabled).toBe(false));
    fireEvent.change(subcategory, { target: { value: '11' } });
    expect(subcategory.value).toBe('11');
    fireEvent.change(screen.getByLabelText(/fields\.categoryId/), { target: { value: '' } });
    await waitFor(() => expect(subcategory.value).toBe(''));
  });

  it('refuses a file of the wrong type or size in the browser, with the server\'s words, before uploading', async () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    renderAt(pathTo('createSaleOfType', { slug: 'instant-sale' }));
    await screen.findByTestId('ad-form');
    const picker = screen.getByLabelText('media.addImages', { selector: 'input' });
    fireEvent.change(picker, { target: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })] } });
    expect((await screen.findByTestId('upload-refusal')).textContent).toBe('Only JPEG, PNG and WEBP images, MP4, WEBM and MPEG videos and PDF documents are accepted');
    expect(send).not.toHaveBeenCalled();
    expect(fileRefusal('IMAGE', { name: 'big.jpg', type: 'image/jpeg', size: 11 * 1024 * 1024 })).toBe('IMAGE_TOO_LARGE');
    expect(fileRefusal('DOCUMENT', { name: 'spec.PDF', type: '', size: 1000 })).toBeNull();
    send.mockRestore();
  });

  it('puts the server\'s refusals on their fields (a keyword by its place) and says when no ad credit is left', async () => {
    const ad: OwnedAd = {
      slug: 'camry-1',
      type: 'INSTANT_SALE',
      status: 'DRAFT',
      currency: 'SAR',
      fields: {
        title: 'Camry', description: 'Clean', categoryId: 1, subcategoryId: 11, brandId: null, keywords: ['camry', 'toyota'], condition: 'USED',
        imageIds: ['m1'], mainImageId: 'm1', videoId: null, documentIds: [], price: 5_000_000, negotiable: true, shippingType: 'FREE', shippingFee: null,
        returnable: false, cashOnDelivery: false, openingAmount: null, onBackPrice: null, instantPurchaseAmount: null, allowDecimalBids: false, countryCodes: ['SA'], cityId: 101,
        startsNow: true, startsAt: null, endsAt: null, auctionDurationHours: null, subAuctionDurationMinutes: null, liveLink: null, offersVisibleToSubscribers: false,
      },
      media: [{ id: 'm1', kind: 'IMAGE', mime: 'image/webp', bytes: 1000, width: 800, height: 600, name: 'front.jpg' }],
      complete: true,
      actions: { edit: true, publish: true, end: false, repost: false, delete: true },
      adCredits: 0,
    };
    fetchMock.mockResolvedValueOnce(json(400, { error: { code: 'VALIDATION_FAILED', fields: { 'keywords.1': 'TEXT_TOO_LONG' } } }));
    renderAt(pathTo('adEdit', { slug: ad.slug }), ad);
    await screen.findByTestId('ad-form');
    expect((screen.getByLabelText(/fields\.price/) as HTMLInputElement).value).toBe('50000');

    fireEvent.click(screen.getByRole('button', { name: 'form.publish' }));
    await waitFor(() => expect(errorOf(/fields\.keywords/)).toBe('This text is longer than allowed'));
    const chips = within(screen.getByTestId('keyword-chips')).getAllByRole('listitem');
    expect(chips[1]!.hasAttribute('data-invalid')).toBe(true);
    expect(chips[0]!.hasAttribute('data-invalid')).toBe(false);
    expect(sentBodies()[0]).toMatchObject({ publish: true, fields: { price: 5_000_000, imageIds: ['m1'], keywords: ['camry', 'toyota'] } });

    fetchMock.mockResolvedValueOnce(json(402, { error: { code: 'NO_AD_CREDIT' } }));
    fireEvent.click(screen.getByRole('button', { name: 'form.publish' }));
    const alert = await screen.findByTestId('no-ad-credit');
    expect(alert.textContent).toContain('You have no ad credit left');
    // The way to the packages keeps the ad, as a draft, before leaving the form.
    expect(within(alert).getByRole('button', { name: 'credit.saveAndSeePackages' })).toBeTruthy();
    // Everything typed stays.
    expect((screen.getByLabelText(/fields\.title/) as HTMLInputElement).value).toBe('Camry');
  });
});
