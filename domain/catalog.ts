import { z } from 'zod';

/**
 * The largest id of a catalogue row (category, brand, city): their ids are 32-bit integer columns,
 * and PostgreSQL fails a query that compares one with a larger number.
 */
export const MAX_CATALOG_ID = 2 ** 31 - 1;

/** Names travel in both languages; the client shows the one of its locale. */
export const localizedNameSchema = z.object({ ar: z.string(), en: z.string() });
export type LocalizedName = z.infer<typeof localizedNameSchema>;

export const brandSchema = z.object({ id: z.number(), name: localizedNameSchema });

export const subcategorySchema = z.object({
  id: z.number(),
  slug: z.string(),
  icon: z.string(),
  name: localizedNameSchema,
  brands: z.array(brandSchema),
});

export const categorySchema = z.object({
  id: z.number(),
  slug: z.string(),
  icon: z.string(),
  name: localizedNameSchema,
  children: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryTreeSchema = z.array(categorySchema);

export const citySchema = z.object({ id: z.number(), name: localizedNameSchema });

export const countrySchema = z.object({
  code: z.string().length(2),
  name: localizedNameSchema,
  dialCode: z.string(),
  currency: z.string().length(3),
  cities: z.array(citySchema),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);
