import type { LocalizedName } from '../../domain/catalog';

/** Rows keep names in `name_ar` and `name_en`; the API sends them as one `{ ar, en }`. */
export function nameOf(row: { name_ar: string; name_en: string }): LocalizedName {
  return { ar: row.name_ar, en: row.name_en };
}

/** For names reached through a left join, which are both null when the joined row is missing. */
export function optionalName(ar: string | null, en: string | null): LocalizedName | null {
  return ar !== null && en !== null ? { ar, en } : null;
}
