import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../domain/money';

/** An empty value in .env means "not configured", like an absent one. */
const optionalSetting = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/** `false`, `true`, a number of proxy hops, or a comma-separated list of proxy addresses or ranges. */
function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

/** Every setting the server reads; `.env.example` documents each one with its default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: optionalSetting,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  CLIENT_DIST_DIR: z.string().default('dist'),
  PUBLIC_API_BASE_URL: z.string().default('/api'),
  DEFAULT_CURRENCY: z.string().length(3).default(DEFAULT_CURRENCY),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Pictures for the demo ads; server tests turn them off, as drawing them takes seconds. */
  SEED_DEMO_MEDIA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  VITE_DEV_SERVER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  TRUST_PROXY: z.string().default('false'),
  PUBLIC_URL: optionalSetting.pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine((url) => new URL(url).pathname === '/', 'PUBLIC_URL is a scheme and host (and port) only, such as https://souq.example')
      .optional(),
  ),
  ALLOWED_ORIGINS: optionalSetting.transform((value) => value?.split(',').map((origin) => origin.trim()).filter(Boolean)).pipe(z.array(z.url({ protocol: /^https?$/ })).optional()),
  SOCKET_COMMANDS_PER_SECOND: z.coerce.number().int().positive().default(20),
  SMTP_URL: optionalSetting,
  SMTP_FROM: z.string().default('Souq <no-reply@souq.local>'),
  SMS_API_URL: optionalSetting,
  SMS_API_TOKEN: optionalSetting,
  SMS_SENDER: z.string().default('Souq'),
  WHATSAPP_API_URL: optionalSetting,
  WHATSAPP_API_TOKEN: optionalSetting,
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalSetting,
  STRIPE_PUBLISHABLE_KEY: optionalSetting,
  STRIPE_WEBHOOK_SECRET: optionalSetting,
  /** Another address for Stripe's API, such as a local server that answers as Stripe does in tests. */
  STRIPE_API_URL: optionalSetting.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Where the card form and the Apple Pay button load Stripe.js from; a local stand-in in tests. */
  STRIPE_JS_URL: optionalSetting.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The country of the Stripe account (two letters), which Apple Pay's sheet needs. */
  STRIPE_ACCOUNT_COUNTRY: optionalSetting.pipe(z.string().regex(/^[A-Z]{2}$/).optional()),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).default('sandbox-webhook-signing-secret'),
  /** How late the sandbox provider sends each webhook (and its duplicate as late again after it). */
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).default(2_000),
  /**
   * The marketplace as the seller of its packages, printed on receipts and tax invoices. The Arabic
   * name is the one a Saudi tax invoice's QR code carries, in a field of at most 255 bytes.
   */
  SELLER_NAME_AR: z.string().min(1).refine((name) => new TextEncoder().encode(name).length <= 255, 'at most 255 bytes in UTF-8').default('شركة سوق للتجارة الإلكترونية'),
  SELLER_NAME_EN: z.string().default('Souq E-Commerce Co.'),
  /** A Saudi VAT registration number: 15 digits, the first and last a 3. */
  SELLER_VAT_NUMBER: z.string().regex(/^3\d{13}3$/).default('310123456700003'),
  SELLER_ADDRESS_AR: z.string().default('طريق الملك فهد، الرياض، المملكة العربية السعودية'),
  SELLER_ADDRESS_EN: z.string().default('King Fahd Road, Riyadh, Saudi Arabia'),
  OIDC_GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  OIDC_GOOGLE_CLIENT_ID: optionalSetting,
  OIDC_GOOGLE_CLIENT_SECRET: optionalSetting,
  OIDC_APPLE_ISSUER: z.string().default('https://appleid.apple.com'),
  OIDC_APPLE_CLIENT_ID: optionalSetting,
  OIDC_APPLE_TEAM_ID: optionalSetting,
  OIDC_APPLE_KEY_ID: optionalSetting,
  // A .env value is one line, so the PEM key's line breaks may be written there as \n.
  OIDC_APPLE_PRIVATE_KEY: optionalSetting.transform((value) => value?.replace(/\\n/g, '\n')),
});

export type ServerConfig = ReturnType<typeof loadConfig>;

/**
 * What production cannot run without: outside production a missing provider falls back to the local
 * outbox and links to localhost, which in production would lose every code and share broken links.
 */
function assertProductionSettings(parsed: z.output<typeof envSchema>) {
  if (parsed.NODE_ENV !== 'production') return;
  const missing = [
    ...(parsed.SMTP_URL ? [] : ['SMTP_URL (the mail provider that sends activation and recovery codes, e.g. smtp://user:pass@smtp.example.com:587)']),
    ...(parsed.PUBLIC_URL ? [] : ['PUBLIC_URL (the address people reach the site at, e.g. https://souq.example)']),
    // The sandbox takes test cards as money: a deployment uses it only when it says so.
    ...(parsed.PAYMENT_PROVIDER ? [] : ['PAYMENT_PROVIDER (sandbox, for a deployment that takes no real money)']),
  ];
  if (missing.length > 0) {
    throw new Error(`NODE_ENV=production needs ${missing.join(' and ')}. Set what is missing in the environment or in .env (see .env.example).`);
  }
}

/**
 * Stripe cannot take a payment or check a webhook without its keys, nor ask Apple Pay for one without
 * its account's country, so naming it without them stops the start.
 */
function stripeSettings(parsed: z.output<typeof envSchema>) {
  if (parsed.PAYMENT_PROVIDER !== 'stripe') return undefined;
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_ACCOUNT_COUNTRY: accountCountry } = parsed;
  if (!secretKey || !publishableKey || !webhookSecret || !accountCountry) {
    const missing = [
      ...(secretKey ? [] : ['STRIPE_SECRET_KEY (the secret API key, sk_live_… or sk_test_…)']),
      ...(publishableKey ? [] : ['STRIPE_PUBLISHABLE_KEY (the publishable key the card form uses, pk_live_… or pk_test_…)']),
      ...(webhookSecret ? [] : ["STRIPE_WEBHOOK_SECRET (the webhook endpoint's signing secret, whsec_…)"]),
      ...(accountCountry ? [] : ["STRIPE_ACCOUNT_COUNTRY (the Stripe account's country, two letters such as AE)"]),
    ];
    throw new Error(`PAYMENT_PROVIDER=stripe needs ${missing.join(' and ')}. Set what is missing in the environment or in .env (see .env.example).`);
  }
  const api = parsed.STRIPE_API_URL ? new URL(parsed.STRIPE_API_URL) : undefined;
  return {
    secretKey,
    publishableKey,
    webhookSecret,
    jsUrl: parsed.STRIPE_JS_URL ?? 'https://js.stripe.com/v3/',
    apiOrigin: api?.origin ?? 'https://api.stripe.com',
    accountCountry,
    ...(api ? { apiHost: api.hostname, apiPort: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), apiProtocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const) } : {}),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  assertProductionSettings(parsed);
  const stripe = stripeSettings(parsed);
  const production = parsed.NODE_ENV === 'production';
  const dataDir = path.resolve(parsed.DATA_DIR);
  const oidcProvider = (issuer: string, clientId: string | undefined, clientSecret: string | undefined) =>
    clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;
  return {
    environment: parsed.NODE_ENV,
    // Outside production the dev tools hand out every one-time code, so only this machine may connect.
    host: parsed.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    port: parsed.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: parsed.DATABASE_URL
      ? ({ dialect: 'postgres', connectionString: parsed.DATABASE_URL } as const)
      : ({ dialect: 'sqlite', file: path.join(dataDir, 'marketplace.sqlite') } as const),
    clientDistDir: path.resolve(parsed.CLIENT_DIST_DIR),
    publicApiBaseUrl: parsed.PUBLIC_API_BASE_URL,
    currency: parsed.DEFAULT_CURRENCY,
    seedDemoData: parsed.SEED_DEMO_DATA,
    seedDemoMedia: parsed.SEED_DEMO_DATA && parsed.SEED_DEMO_MEDIA,
    logLevel: parsed.LOG_LEVEL,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS,
    viteDevServer: parsed.VITE_DEV_SERVER,
    /**
     * Tools for trying the product out (the outbox of would-be messages, bringing an auction's end
     * closer) exist only where no real person can be reached or bid.
     */
    exposeDevTools: !production,
    secureCookies: production,
    /**
     * Which proxies may say who the client is (X-Forwarded-For). Trusting anyone would let every
     * visitor pick the address that per-address limits count, so the default trusts nobody.
     */
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    /**
     * The address people reach the site at, for shared links and OpenID Connect redirects. It is
     * configured, never read from the request's Host header, which any client may set.
     */
    publicUrl: parsed.PUBLIC_URL ? new URL(parsed.PUBLIC_URL).origin : `http://localhost:${parsed.PORT}`,
    /**
     * The origins whose pages may open a socket; unset, the site's own (publicUrl). A socket is
     * signed in by the session cookie, so a page on another site must not open one in its visitor's name.
     */
    allowedOrigins: parsed.ALLOWED_ORIGINS?.map((origin) => new URL(origin).origin),
    /** What one socket may send in a second; past that its commands are refused, so no client can flood the engine. */
    socketCommandsPerSecond: parsed.SOCKET_COMMANDS_PER_SECOND,
    delivery: {
      smtp: parsed.SMTP_URL ? { url: parsed.SMTP_URL, from: parsed.SMTP_FROM } : undefined,
      sms: parsed.SMS_API_URL ? { url: parsed.SMS_API_URL, token: parsed.SMS_API_TOKEN, sender: parsed.SMS_SENDER } : undefined,
      whatsapp: parsed.WHATSAPP_API_URL ? { url: parsed.WHATSAPP_API_URL, token: parsed.WHATSAPP_API_TOKEN, sender: parsed.SMS_SENDER } : undefined,
    },
    payments: {
      provider: parsed.PAYMENT_PROVIDER ?? 'sandbox',
      sandbox: { webhookSecret: parsed.SANDBOX_WEBHOOK_SECRET, webhookDelayMs: parsed.SANDBOX_WEBHOOK_DELAY_MS },
      stripe,
    },
    seller: {
      name: { ar: parsed.SELLER_NAME_AR, en: parsed.SELLER_NAME_EN },
      vatNumber: parsed.SELLER_VAT_NUMBER,
      address: { ar: parsed.SELLER_ADDRESS_AR, en: parsed.SELLER_ADDRESS_EN },
    },
    oidc: {
      google: oidcProvider(parsed.OIDC_GOOGLE_ISSUER, parsed.OIDC_GOOGLE_CLIENT_ID, parsed.OIDC_GOOGLE_CLIENT_SECRET),
      // Apple's client secret is a JWT the server signs with this key for each token exchange.
      apple:
        parsed.OIDC_APPLE_CLIENT_ID && parsed.OIDC_APPLE_TEAM_ID && parsed.OIDC_APPLE_KEY_ID && parsed.OIDC_APPLE_PRIVATE_KEY
          ? {
              issuer: parsed.OIDC_APPLE_ISSUER,
              clientId: parsed.OIDC_APPLE_CLIENT_ID,
              teamId: parsed.OIDC_APPLE_TEAM_ID,
              keyId: parsed.OIDC_APPLE_KEY_ID,
              privateKey: parsed.OIDC_APPLE_PRIVATE_KEY,
            }
          : undefined,
    },
  };
}
