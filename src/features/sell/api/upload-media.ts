import { CSRF_COOKIE, CSRF_HEADER } from '../../../../domain/auth';
import { CLIENT_ERROR_CODES, ERROR_CODES } from '../../../../domain/errors';
import { UPLOAD_LIMITS } from '../../../../domain/limits';
import { readCookie } from '../../../../domain/locale';
import type { MediaItem } from '../../../../domain/media-schemas';
import { HttpError, refusalOf } from '../../../lib/http';
import { runtimeConfig } from '../../../lib/runtime-config';

export interface MediaUpload {
  /** Settles with the stored file, or an HttpError; a cancelled upload never settles. */
  done: Promise<MediaItem>;
  cancel: () => void;
}

/**
 * The server runs a few uploads per person at once and refuses more, so uploads beyond that wait
 * here for a place. A place passes from an upload that ends straight to the next one waiting.
 */
let uploadsRunning = 0;
const uploadsWaiting: Array<() => void> = [];

function startWhenPlaceIsFree(start: () => void): void {
  if (uploadsRunning < UPLOAD_LIMITS.uploadsAtOnce) {
    uploadsRunning += 1;
    start();
  } else uploadsWaiting.push(start);
}

function releasePlace(): void {
  const next = uploadsWaiting.shift();
  if (next) next();
  else uploadsRunning -= 1;
}

/**
 * `POST /api/media` with one part named `file`. Through XMLHttpRequest rather than the JSON client:
 * only it reports upload progress, and a large video needs both progress and a way to stop. It may
 * wait for a place before it starts.
 */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): MediaUpload {
  const request = new XMLHttpRequest();
  let cancelled = false;
  const done = new Promise<MediaItem>((resolve, reject) => {
    request.open('POST', `${runtimeConfig().apiBaseUrl}/media`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = readCookie(document.cookie, CSRF_COOKIE);
    if (token) request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201 || request.status === 200) {
        try {
          resolve(JSON.parse(request.responseText) as MediaItem);
        } catch {
          reject(new HttpError(request.status, ERROR_CODES.INTERNAL));
        }
      } else reject(refusalOf(request.status, request.responseText));
    };
    request.onerror = () => reject(new HttpError(0, CLIENT_ERROR_CODES.NETWORK));
    // After load, error or abort alike.
    request.onloadend = releasePlace;
    const body = new FormData();
    body.append('file', file, file.name);
    startWhenPlaceIsFree(() => {
      // Cancelled while it waited: it never starts, and hands its place on.
      if (cancelled) releasePlace();
      else request.send(body);
    });
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      request.abort();
    },
  };
}
