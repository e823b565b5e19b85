import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../domain/runtime-config';
import { renderPageShell } from '../../server/html/page-shell';
import { runtimeConfigOf } from './helpers/page-config';

const TEMPLATE = '<!doctype html><html lang="ar" dir="rtl"><head><!--app-head--></head><body></body></html>';
const config: RuntimeConfig = {
  apiBaseUrl: '/api',
  locale: 'en',
  defaultLocale: 'ar',
  currency: 'SAR',
  buildId: 'b1',
  uploadLimits: { imageBytes: 1, videoBytes: 2, documentBytes: 3 },
  country: null,
  socialSignIn: [],
  localOutboxChannels: [],
  auctionClockTool: false,
  styleNonce: null,
  timeZone: 'Asia/Riyadh',
  renderedAt: null,
};

describe('page shell', () => {
  it('sets lang and dir of the locale on the html element', () => {
    expect(renderPageShell(TEMPLATE, config)).toMatch(/^<!doctype html><html lang="en" dir="ltr"><head>/);
    expect(renderPageShell(TEMPLATE, { ...config, locale: 'ar' })).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('keeps a value in the configuration from closing its element or opening markup', () => {
    const html = renderPageShell(TEMPLATE, { ...config, apiBaseUrl: '</script><script>alert(1)</script><!--' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toMatch(/<!--(?!app-head)/);
    expect(runtimeConfigOf(html).apiBaseUrl).toBe('</script><script>alert(1)</script><!--');
  });

  it('carries the configuration as JSON data, not as a script the page runs', () => {
    const html = renderPageShell(TEMPLATE, config);
    expect(html).not.toMatch(/<script(?![^>]*type="application\/json")[^>]*>/);
    expect(runtimeConfigOf(html)).toEqual(config);
  });

  it("gives an ad's page its own title, description and image for link previews, escaped", () => {
    const html = renderPageShell(TEMPLATE, config, { preview: {
      title: 'Camry "2021" <fast>',
      description: 'White.\n\nNo accidents & serviced.',
      url: 'https://souq.example/ad/camry-1',
      imageUrl: 'https://souq.example/media/m1/large',
    } });
    expect(html).toContain('<title>Camry &#34;2021&#34; &#60;fast&#62; | ');
    expect(html).toContain('<meta property="og:title" content="Camry &#34;2021&#34; &#60;fast&#62;" />');
    expect(html).toContain('<meta property="og:description" content="White. No accidents &#38; serviced." />');
    expect(html).toContain('<meta property="og:image" content="https://souq.example/media/m1/large" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<link rel="canonical" href="https://souq.example/ad/camry-1" />');
  });
});
