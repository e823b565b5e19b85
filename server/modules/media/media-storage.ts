import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Both ends included, as HTTP Range counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live, addressed by keys `<mediaId>/<variant>.<ext>`. Stored files never
 * change (a new upload is a new media id), so an object store can stand in for the local disk.
 */
export interface MediaStorage {
  /** Stores the whole file or nothing: a reader never sees it half written. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** Stores a local file under the key, taking it over: it is moved, not copied, and gone from where it was. */
  putFile(key: string, localPath: string): Promise<void>;
  /** The stored file's length in bytes, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  read(key: string, range?: ByteRange): Readable;
  /** Removes every file stored for one upload; removing what is already gone is no error. */
  deleteMedia(mediaId: string): Promise<void>;
}

export function mediaKey(mediaId: string, variant: string, extension: string): string {
  return `${mediaId}/${variant}.${extension}`;
}

// Keys and ids are built by the server, never taken from a request, but a path is checked before
// it touches the disk all the same: no `..`, no separators beyond the one the layout has.
const MEDIA_ID_PATTERN = /^[\w-]+$/;
const KEY_PATTERN = /^[\w-]+\/[a-z]+\.[a-z0-9]+$/;

/** Files under `root` (the data directory's `uploads`), one directory per upload. */
export function localDiskStorage(root: string): MediaStorage {
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a media storage key: ${key}`);
    return path.join(root, key);
  };

  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed into place, so a crash mid-write leaves no truncated file under the key.
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await fs.promises.writeFile(partial, bytes, { flag: 'wx' });
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async putFile(key, localPath) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Incoming files are kept under the same root, so this is a rename: atomic, and no bytes are copied.
      await fs.promises.rename(localPath, target);
    },
    async size(key) {
      try {
        const stats = await fs.promises.stat(pathOf(key));
        return stats.isFile() ? stats.size : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    read(key, range) {
      return fs.createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async deleteMedia(mediaId) {
      if (!MEDIA_ID_PATTERN.test(mediaId)) throw new Error(`Not a media id: ${mediaId}`);
      await fs.promises.rm(path.join(root, mediaId), { recursive: true, force: true });
    },
  };
}
