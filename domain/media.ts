/** What an upload turns out to be, judged by its bytes (never by its name or the browser's word). */
export const MEDIA_KINDS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The formats SPEC.md section 5 accepts, as the MIME types the bytes reveal. */
export const ACCEPTED_MIME_TYPES: Record<MediaKind, readonly string[]> = {
  IMAGE: ['image/jpeg', 'image/png', 'image/webp'],
  VIDEO: ['video/mp4', 'video/webm', 'video/mpeg'],
  DOCUMENT: ['application/pdf'],
};
/** For the file picker's `accept`: a hint for the person, the server still reads the bytes. */
export const ACCEPT_ATTRIBUTE: Record<MediaKind, string> = {
  IMAGE: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  VIDEO: '.mp4,.webm,.mpeg,.mpg,video/mp4,video/webm,video/mpeg',
  DOCUMENT: '.pdf,application/pdf',
};

/**
 * The sizes images are re-encoded to, by the pages that show them: `thumb` for the upload grid
 * and gallery strip, `card` for listing cards, `large` for the ad page and link previews.
 */
export const IMAGE_VARIANTS = { thumb: 160, card: 480, large: 1280 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;
/** Videos and documents are served as uploaded. */
export const FILE_VARIANT = 'file';
export type MediaVariant = ImageVariant | typeof FILE_VARIANT;

export function mediaUrl(id: string, variant: MediaVariant): string {
  return `/media/${encodeURIComponent(id)}/${variant}`;
}

/** Every width a picture is kept at, for the browser to pick the smallest that fills its box on this screen. */
export function mediaSrcSet(id: string): string {
  return (Object.keys(IMAGE_VARIANTS) as ImageVariant[]).map((variant) => `${mediaUrl(id, variant)} ${IMAGE_VARIANTS[variant]}w`).join(', ');
}
