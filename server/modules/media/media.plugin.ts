import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { ERROR_CODES, type ErrorCode } from '../../../domain/errors';
import { UPLOAD_LIMITS } from '../../../domain/limits';
import { FILE_VARIANT, IMAGE_VARIANTS, type ImageVariant, type MediaKind } from '../../../domain/media';
import type { MediaItem } from '../../../domain/media-schemas';
import { HOUR_MS } from '../../../domain/timing';
import { AppError } from '../../errors';
import { type DetectedFileType, detectFileType, SIGNATURE_BYTES } from './detect-file-type';
import { localDiskStorage, mediaKey, type MediaStorage } from './media-storage';

export interface Upload {
  ownerId: string;
  /** The file name the browser sent; kept for documents and the upload list, never trusted. */
  name: string;
  /** The file's bytes as they arrive, read once into an incoming file and never held whole in memory. */
  content: AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** An upload written whole to its incoming file, of an accepted kind and within that kind's limit. */
interface ReceivedFile {
  path: string;
  type: DetectedFileType;
  bytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: {
      storage: MediaStorage;
      /**
       * Checks, converts and stores one upload and records it, not yet attached to any ad. A file of
       * another kind or over its kind's limit is refused as soon as its bytes show it, and stops being read.
       */
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
async function encodeImageVariants(file: string): Promise<{ variant: ImageVariant; bytes: Buffer; width: number; height: number }[]> {
  const variants = [];
  for (const [variant, width] of Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]) {
    // Camera files often carry small defects that only warn; only what cannot be decoded is refused.
    const output = await sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ variant, bytes: output.data, width: output.info.width, height: output.info.height });
  }
  return variants;
}

/**
 * Uploads on their way in, one file each. Kept under the uploads root so that storing one is a
 * rename; the leading dot keeps the name apart from every media id.
 */
const incomingDirOf = (app: FastifyInstance) => path.join(app.config.uploadsDir, '.incoming');

/** Nothing writes to an incoming file for this long unless its upload has been abandoned. */
const ABANDONED_UPLOAD_MS = HOUR_MS;

/**
 * Removes incoming files left by uploads that never finished: a server stopped mid-upload leaves
 * its files behind. Ages are judged on the wall clock, as the file system stamps them.
 */
export async function sweepAbandonedUploadFiles(app: FastifyInstance): Promise<void> {
  const dir = incomingDirOf(app);
  const names = await fs.promises.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const abandonedBefore = Date.now() - ABANDONED_UPLOAD_MS;
  for (const name of names) {
    const file = path.join(dir, name);
    const stats = await fs.promises.stat(file).catch(() => null);
    if (stats && stats.mtimeMs < abandonedBefore) await fs.promises.rm(file, { force: true });
  }
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

    const incomingDir = incomingDirOf(app);
    await fs.promises.mkdir(incomingDir, { recursive: true });
    await sweepAbandonedUploadFiles(app);

    const acceptedType = (head: Buffer) => {
      const type = detectFileType(head);
      if (!type) throw new AppError(ERROR_CODES.UNSUPPORTED_FILE_TYPE);
      return type;
    };

    /**
     * Writes an upload to a new incoming file as it arrives. Its kind is decided from its first bytes and
     * its size checked against that kind's limit as it grows, so a refused upload stops being read at
     * once; a refused or broken-off upload leaves no file.
     */
    async function receive(content: Upload['content']): Promise<ReceivedFile> {
      const file = path.join(incomingDir, `${randomUUID()}.upload`);
      let head = Buffer.alloc(0);
      let type: DetectedFileType | null = null;
      let bytes = 0;
      // Opened before any byte is read: a stream opening its file itself could create it after a
      // refusal had already removed it.
      const handle = await fs.promises.open(file, 'wx');
      try {
        await pipeline(
          content,
          async function* checked(chunks: Upload['content']) {
            for await (const chunk of chunks) {
              if (!type) {
                head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES)]).subarray(0, SIGNATURE_BYTES);
                if (head.length === SIGNATURE_BYTES) type = acceptedType(head);
              }
              bytes += chunk.length;
              const limit = type && UPLOAD_SIZE_LIMITS[type.kind];
              if (limit && bytes > limit.bytes) throw new AppError(limit.code);
              yield chunk;
            }
          },
          handle.createWriteStream(),
        );
        // A file shorter than a signature is judged by the bytes it has.
        return { path: file, type: type ?? acceptedType(head), bytes };
      } catch (error) {
        await fs.promises.rm(file, { force: true });
        throw error;
      }
    }

    async function saveUpload({ ownerId, name, content }: Upload): Promise<MediaItem> {
      const received = await receive(content);
      try {
        return await store(ownerId, name, received);
      } finally {
        await fs.promises.rm(received.path, { force: true });
      }
    }

    async function store(ownerId: string, name: string, { path: file, type, bytes }: ReceivedFile): Promise<MediaItem> {
      const id = randomUUID();
      const extension = EXTENSIONS[type.mime]!;
      let variants: Awaited<ReturnType<typeof encodeImageVariants>> | null = null;
      let dimensions: { width: number | null; height: number | null } = { width: null, height: null };
      if (type.kind === 'IMAGE') {
        variants = await encodeImageVariants(file).catch(() => {
          throw new AppError(ERROR_CODES.FILE_UNREADABLE);
        });
        const large = variants.find((variant) => variant.variant === 'large')!;
        dimensions = { width: large.width, height: large.height };
      }

      const item: MediaItem = { id, kind: type.kind, mime: type.mime, bytes, ...dimensions, name: cleanFileName(name, `${type.kind.toLowerCase()}.${extension}`) };
      try {
        if (variants) {
          for (const variant of variants) await storage.put(mediaKey(id, variant.variant, IMAGE_OUTPUT.extension), variant.bytes);
        } else {
          // Videos and documents are kept as uploaded: the incoming file itself becomes the stored one.
          await storage.putFile(mediaKey(id, FILE_VARIANT, extension), file);
        }
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
