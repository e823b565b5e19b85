import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../domain/runtime-config';
import { renderPageShell } from '../../server/html/page-shell';

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
};

describe('page shell', () => {
  it('sets lang and dir of the locale on the html element', () => {
    expect(renderPageShell(TEMPLATE, config)).toMatch(/^<!doctype html><html lang="en" dir="ltr"><head>/);
    expect(renderPageShell(TEMPLATE, { ...config, locale: 'ar' })).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('keeps a value in the configuration from closing the script or opening markup', () => {
    const html = renderPageShell(TEMPLATE, { ...config, apiBaseUrl: '</script><script>alert(1)</script><!--' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toMatch(/<!--(?!app-head)/);
    const injected = html.match(/window\.__APP_CONFIG__=(.*?)<\/script>/)![1]!;
    expect(JSON.parse(injected).apiBaseUrl).toBe('</script><script>alert(1)</script><!--');
  });
});
