import { useEffect, useRef, useState } from 'react';
import { ERROR_CODES, type ErrorCode } from '../../../../domain/errors';
import type { MediaKind } from '../../../../domain/media';
import type { MediaItem } from '../../../../domain/media-schemas';
import { errorCodeOf } from '../../../lib/http';
import { uploadMedia } from '../api/upload-media';
import { COUNT_LIMITS, fileRefusal } from '../utils/upload-checks';
import { useReportUploadsInFlight } from './uploads-in-flight';

/** A file on its way up, or one that was refused (kept in the list with its reason until dismissed). */
export interface UploadEntry {
  key: string;
  name: string;
  /** 0..1 while uploading. */
  progress: number;
  refusal: string | null;
}

let nextUploadKey = 0;

/**
 * The uploads of one kind of file: each is checked in the browser, sent with its progress, and can be
 * cancelled. `stored` is how many of the kind the ad already holds, for the count limit; `onUploaded`
 * receives each stored file, in the order the files were chosen whichever finishes first. Uploads
 * still running when the form goes away are cancelled.
 */
export function useUploads(kind: MediaKind, stored: number, onUploaded: (item: MediaItem) => void) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const cancels = useRef(new Map<string, () => void>());
  // The running uploads in the order chosen; a finished one waits here for those chosen before it.
  const queue = useRef<Array<{ key: string; item: MediaItem | null }>>([]);

  useEffect(() => {
    const running = cancels.current;
    return () => running.forEach((cancel) => cancel());
  }, []);

  const update = (key: string, change: Partial<UploadEntry>) => setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  const remove = (key: string) => setEntries((current) => current.filter((entry) => entry.key !== key));

  const settle = (key: string, item: MediaItem | null) => {
    cancels.current.delete(key);
    const waiting = queue.current;
    const slot = waiting.find((candidate) => candidate.key === key);
    if (slot && item) slot.item = item;
    else queue.current = waiting.filter((candidate) => candidate.key !== key);
    while (queue.current[0]?.item) {
      const done = queue.current.shift()!;
      remove(done.key);
      onUploaded(done.item!);
    }
  };

  const add = (files: readonly File[]) => {
    let slotsLeft = COUNT_LIMITS[kind].max - stored - entries.filter((entry) => entry.refusal === null).length;
    const added: UploadEntry[] = [];
    for (const file of files) {
      const key = `upload-${nextUploadKey++}`;
      const refusal: ErrorCode | null = fileRefusal(kind, file) ?? (slotsLeft <= 0 ? COUNT_LIMITS[kind].refusal : null);
      added.push({ key, name: file.name, progress: 0, refusal });
      if (refusal) continue;
      slotsLeft -= 1;
      const upload = uploadMedia(file, (progress) => update(key, { progress }));
      cancels.current.set(key, upload.cancel);
      queue.current.push({ key, item: null });
      upload.done.then(
        (item) => {
          // The bytes decide the kind: a renamed file of another kind is refused here, not attached.
          if (item.kind !== kind) update(key, { refusal: ERROR_CODES.UNSUPPORTED_FILE_TYPE });
          settle(key, item.kind === kind ? item : null);
        },
        (error: unknown) => {
          update(key, { refusal: errorCodeOf(error) });
          settle(key, null);
        },
      );
    }
    setEntries((current) => [...current, ...added]);
  };

  const cancel = (key: string) => {
    cancels.current.get(key)?.();
    remove(key);
    settle(key, null);
  };

  useReportUploadsInFlight(kind, entries.filter((entry) => entry.refusal === null).length);

  return { entries, add, cancel, dismiss: remove };
}
