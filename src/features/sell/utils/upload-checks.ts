import { AD_DOCUMENTS_MAX } from '../../../../domain/ad-form';
import { ERROR_CODES, type ErrorCode } from '../../../../domain/errors';
import { UPLOAD_LIMITS } from '../../../../domain/limits';
import { ACCEPT_ATTRIBUTE, ACCEPTED_MIME_TYPES, type MediaKind } from '../../../../domain/media';

const SIZE_LIMITS: Record<MediaKind, { bytes: number; refusal: ErrorCode }> = {
  IMAGE: { bytes: UPLOAD_LIMITS.imageBytes, refusal: ERROR_CODES.IMAGE_TOO_LARGE },
  VIDEO: { bytes: UPLOAD_LIMITS.videoBytes, refusal: ERROR_CODES.VIDEO_TOO_LARGE },
  DOCUMENT: { bytes: UPLOAD_LIMITS.documentBytes, refusal: ERROR_CODES.DOCUMENT_TOO_LARGE },
};

/** How many files of a kind an ad holds at most, and what exceeding it is called. */
export const COUNT_LIMITS: Record<MediaKind, { max: number; refusal: ErrorCode }> = {
  IMAGE: { max: UPLOAD_LIMITS.maxImages, refusal: ERROR_CODES.TOO_MANY_IMAGES },
  VIDEO: { max: UPLOAD_LIMITS.maxVideos, refusal: ERROR_CODES.TOO_MANY_VIDEOS },
  DOCUMENT: { max: AD_DOCUMENTS_MAX, refusal: ERROR_CODES.TOO_MANY_DOCUMENTS },
};

const extensionsOf = (kind: MediaKind) => ACCEPT_ATTRIBUTE[kind].split(',').filter((entry) => entry.startsWith('.'));

/**
 * The browser's first look at a file, with the server's own messages, so a wrong or oversized file
 * is refused before its bytes travel. The server still reads the bytes and has the last word. A file
 * the browser cannot type (no MIME type) is judged by its name.
 */
export function fileRefusal(kind: MediaKind, file: Pick<File, 'name' | 'type' | 'size'>): ErrorCode | null {
  const name = file.name.toLowerCase();
  const accepted = file.type ? ACCEPTED_MIME_TYPES[kind].includes(file.type) : extensionsOf(kind).some((extension) => name.endsWith(extension));
  if (!accepted) return ERROR_CODES.UNSUPPORTED_FILE_TYPE;
  if (file.size > SIZE_LIMITS[kind].bytes) return SIZE_LIMITS[kind].refusal;
  return null;
}
