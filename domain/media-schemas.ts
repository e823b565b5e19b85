import { z } from 'zod';
import { MEDIA_KINDS } from './media';

// Apart from the media's URLs (./media.ts), which every page with a picture reads.

export const mediaItemSchema = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The name the seller's file had, for documents and the upload list. */
  name: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
