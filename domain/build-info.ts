import { z } from 'zod';

/**
 * A build's id and time (`build.json`, the latest-build answer), which the server checks. Apart from
 * the runtime config, which every page reads: a schema there would bring zod to every page.
 */
export const buildInfoSchema = z.object({
  buildId: z.string().min(1),
  builtAt: z.string(),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;
