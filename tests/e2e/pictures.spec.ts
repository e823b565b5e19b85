import { expect, type Locator } from '@playwright/test';
import { test } from './fixtures';
import { categoryIds, publishThroughApi, registerThroughApi, watchForErrors } from './helpers';

/** A word only this spec's ads carry, so its listing holds them alone. */
const SEARCH_WORD = 'زخرفانوس';

test('a listing fetches its first picture at once and first, the rest as they near the screen, each at the size that fits', async ({ page }) => {
  const problems = watchForErrors(page);
  await registerThroughApi(page.request, { firstName: 'هند', lastName: 'الزهراني' });
  for (const title of ['فانوس نحاسي', 'فانوس خشبي']) {
    await publishThroughApi(page.request, 'INSTANT_SALE', {
      title: `${title} ${SEARCH_WORD}`,
      description: 'فانوس رمضاني يعمل بالكهرباء.',
      ...(await categoryIds(page.request, ['furniture', 'office-furniture'])),
      condition: 'USED',
      price: 9_000,
    });
  }

  const pictures = page.getByTestId('ad-card').locator('img');
  const shownFile = (picture: Locator) => picture.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);

  // A wide screen: four cards a row, a quarter of 1280 pixels each, so the card's 480 and not the 1280
  // a picture as wide as the window would take.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/product_list?q=${encodeURIComponent(SEARCH_WORD)}`);
  await expect.poll(() => shownFile(pictures.first())).toMatch(/\/card$/);

  // A phone: two cards a row, each half the screen wide.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(pictures).toHaveCount(2);
  await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(pictures.first()).toHaveAttribute('loading', 'eager');
  await expect(pictures.nth(1)).toHaveAttribute('fetchpriority', 'auto');
  await expect(pictures.nth(1)).toHaveAttribute('loading', 'lazy');
  // Of the three sizes offered, half of 390 pixels takes the card's 480, not the 1280 of the ad page.
  await expect(pictures.first()).toHaveAttribute('srcset', /\/thumb 160w, .*\/card 480w, .*\/large 1280w$/);
  await expect.poll(() => shownFile(pictures.first())).toMatch(/\/card$/);
  // The card keeps the picture's space before it arrives: its box is 4:3 whatever loads.
  const box = (await pictures.first().boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(4 / 3, 1);

  await page.getByTestId('ad-card').first().getByRole('link').click();
  const gallery = page.getByTestId('gallery-image');
  await expect(gallery).toHaveAttribute('fetchpriority', 'high');
  // The gallery spans the phone's 390 pixels: the card's 480 fills it, the 1280 would be wasted.
  await expect.poll(() => shownFile(gallery)).toMatch(/\/card$/);
  expect(problems).toEqual([]);
});
