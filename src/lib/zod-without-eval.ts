import { config } from 'zod/v4';

// The client's `zod`: vite.config.ts resolves every import of 'zod' to this module, so zod is told
// before any module makes a schema, wherever the bundler puts the modules. zod compiles object parsers
// with `new Function` unless told not to, and merely probing for it is reported as a violation of the
// page's Content-Security-Policy, which allows no eval.
config({ jitless: true });

export * from 'zod/v4';
