import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and merely probing for it is
// reported as a violation of the page's Content-Security-Policy, which allows no eval.
z.config({ jitless: true });
