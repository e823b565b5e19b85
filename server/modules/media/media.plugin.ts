import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { ERROR_CODES, type ErrorCode } from '../../../domain/errors';
import { UPLOAD_LIMITS } from '../../../domain/limits';
import { FILE_VARIANT, IMAGE_VARIANTS, type ImageVariant, type MediaItem, type MediaKind } from '../../../domain/media';
import { AppError } from '../../errors';
import { detectFileType } from './detect-file-type';
import { localDiskStorage, mediaKey, type MediaStorage } from './media-storage';

export interface Upload {
  ownerId: string;
  /** The file name the browser sent; kept for documents and the upload list, never trusted. */
  name: string;
  bytes: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: {
      storage: MediaStorage;
      /** Checks, converts and stores one upload and records it, not yet attached to any ad. */
      saveUpload(upload: Upload): Promise<MediaItem>;
      /** Removes the stored files of uploads whose rows the caller has deleted. */
      deleteMediaFiles(ids: readonly string[]): Promise<void>;
    };
  }
}

export const UPLOAD_SIZE_LIMITS: Record<MediaKind, { bytes: number; code: ErrorCode }> = {
  IMAGE: { bytes: UPLOAD_LIMITS.imageBytes, code: ERROR_CODES.IMAGE_TOO_LARGE },
  VIDEO: { bytes: UPLOAD_LIMITS.videoBytes, code: ERROR_CODES.VIDEO_TOO_LARGE },
  DOCUMENT: { bytes: UPLOAD_LIMITS.documentBytes, code: ERROR_CODES.DOCUMENT_TOO_LARGE },
};
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_SIZE_LIMITS).map((limit) => limit.bytes));

/** The extension each accepted format is stored (and named, when the browser sent no name) with. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/mpeg': 'mpeg',
  'application/pdf': 'pdf',
};
const IMAGE_OUTPUT = { extension: 'webp', contentType: 'image/webp' } as const;

/**
 * Images are decoded at most this large: a small file can declare a huge canvas and exhaust
 * memory when decoded. A hundred megapixels is beyond any phone photo a seller would post.
 */
const MAX_IMAGE_PIXELS = 100_000_000;

const isImageVariant = (variant: string): variant is ImageVariant => Object.hasOwn(IMAGE_VARIANTS, variant);

/** The stored file behind `/media/:id/:variant`, or null when the upload has no such variant. */
export function storedFileOf(media: { id: string; kind: string; mime: string }, variant: string): { key: string; contentType: string } | null {
  if (media.kind === 'IMAGE') {
    return isImageVariant(variant) ? { key: mediaKey(media.id, variant, IMAGE_OUTPUT.extension), contentType: IMAGE_OUTPUT.contentType } : null;
  }
  const extension = EXTENSIONS[media.mime];
  return variant === FILE_VARIANT && extension ? { key: mediaKey(media.id, FILE_VARIANT, extension), contentType: media.mime } : null;
}

/** The bare file name, without the folders some browsers prepend or characters that could disguise it. */
function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters, and the bidirectional overrides that can make `x.exe` read as `exe.x`.
  const cleaned = base.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  return Array.from(cleaned).slice(0, 200).join('') || fallback;
}

/**
 * Every image leaves as new WEBP files at the page widths, turned upright first. Sharp keeps no
 * metadata unless asked, so EXIF (GPS included), XMP and ICC profiles stay behind and colours are
 * converted to sRGB.
 */
async function encodeImageVariants(bytes: Buffer): Promise<{ variant: ImageVariant; bytes: Buffer; width: number; height: number }[]> {
  const variants = [];
  for (const [variant, width] of Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]) {
    // Camera files often carry small defects that only warn; only what cannot be decoded is refused.
    const output = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ variant, bytes: output.data, width: output.info.width, height: output.info.height });
  }
  return variants;
}

/** Deletes uploads never attached to an ad and older than `olderThanMs`, with their files. */
export async function sweepUnattachedMedia(app: FastifyInstance, olderThanMs: number): Promise<void> {
  // Rows first, in one statement: an ad saved at this moment either keeps its upload or is told it is gone.
  const swept = await app.db
    .deleteFrom('media')
    .where('ad_id', 'is', null)
    .where('created_at', '<=', app.now() - olderThanMs)
    .returning('id')
    .execute();
  await app.media.deleteMediaFiles(swept.map((row) => row.id));
}

export default fp(
  async (app) => {
    const storage = localDiskStorage(app.config.uploadsDir);

    async function saveUpload({ ownerId, name, bytes }: Upload): Promise<MediaItem> {
      const type = detectFileType(bytes);
      if (!type) throw new AppError(ERROR_CODES.UNSUPPORTED_FILE_TYPE);
      const limit = UPLOAD_SIZE_LIMITS[type.kind];
      if (bytes.length > limit.bytes) throw new AppError(limit.code);

      const id = randomUUID();
      const extension = EXTENSIONS[type.mime]!;
      let files: { key: string; bytes: Buffer }[];
      let dimensions: { width: number | null; height: number | null } = { width: null, height: null };
      if (type.kind === 'IMAGE') {
        const variants = await encodeImageVariants(bytes).catch(() => {
          throw new AppError(ERROR_CODES.FILE_UNREADABLE);
        });
        files = variants.map((variant) => ({ key: mediaKey(id, variant.variant, IMAGE_OUTPUT.extension), bytes: variant.bytes }));
        const large = variants.find((variant) => variant.variant === 'large')!;
        dimensions = { width: large.width, height: large.height };
      } else {
        files = [{ key: mediaKey(id, FILE_VARIANT, extension), bytes }];
      }

      const item: MediaItem = { id, kind: type.kind, mime: type.mime, bytes: bytes.length, ...dimensions, name: cleanFileName(name, `${type.kind.toLowerCase()}.${extension}`) };
      try {
        for (const file of files) await storage.put(file.key, file.bytes);
        await app.db
          .insertInto('media')
          .values({ id, owner_id: ownerId, ad_id: null, kind: item.kind, mime: item.mime, bytes: item.bytes, width: item.width, height: item.height, original_name: item.name, position: 0, created_at: app.now() })
          .execute();
      } catch (error) {
        await storage.deleteMedia(id).catch((cleanupError: unknown) => app.log.error({ err: cleanupError, mediaId: id }, 'could not remove the files of a failed upload'));
        throw error;
      }
      return item;
    }

    async function deleteMediaFiles(ids: readonly string[]) {
      for (const id of ids) await storage.deleteMedia(id);
    }

    app.decorate('media', { storage, saveUpload, deleteMediaFiles });
  },
  { name: 'media', dependencies: ['config', 'database', 'clock'] },
);
