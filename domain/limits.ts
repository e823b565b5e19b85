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
  /** Uploads one person may have running at once; the form queues the rest of a large selection. */
  uploadsAtOnce: 3,
} as const;

/** The limits as the messages name them (`{{imageMegabytes}}`, `{{uploadsAtOnce}}` …), so every language shows the enforced numbers. */
export const UPLOAD_LIMIT_MESSAGE_VALUES = {
  imageMegabytes: UPLOAD_LIMITS.imageBytes / MEGABYTE,
  videoMegabytes: UPLOAD_LIMITS.videoBytes / MEGABYTE,
  documentMegabytes: UPLOAD_LIMITS.documentBytes / MEGABYTE,
  uploadsAtOnce: UPLOAD_LIMITS.uploadsAtOnce,
} as const;

/** Offers one buyer may make on one ad, so a buyer cannot wear the owner down with offer after offer. */
export const NEGOTIATION_ATTEMPT_LIMIT = 3;

/** How many of a round's bids the snapshot carries; older ones are in the bidders' summary. */
export const SNAPSHOT_BID_LIMIT = 50;

/** The most bids one change carries: a watcher shows the latest few, nobody reads thousands a second. */
export const CHANGE_BID_LIMIT = 10;
