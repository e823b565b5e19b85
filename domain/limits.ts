/**
 * Upload limits. SPEC.md section 5 gives an English reading (2/50/50 MB) and an Arabic one
 * (10/100/50 MB); the Arabic, default-locale reading is the one enforced, and both languages
 * show these same numbers.
 */
const MEGABYTE = 1024 * 1024;
export const UPLOAD_LIMITS = {
  imageBytes: 10 * MEGABYTE,
  videoBytes: 100 * MEGABYTE,
  documentBytes: 50 * MEGABYTE,
  minImages: 1,
  maxImages: 50,
  maxVideos: 1,
} as const;
