import { CSRF_COOKIE, CSRF_HEADER } from '../../../../domain/auth';
import { CLIENT_ERROR_CODES, ERROR_CODES } from '../../../../domain/errors';
import { readCookie } from '../../../../domain/locale';
import type { MediaItem } from '../../../../domain/media';
import { HttpError, refusalOf } from '../../../lib/http';
import { runtimeConfig } from '../../../lib/runtime-config';

export interface MediaUpload {
  /** Settles with the stored file, or an HttpError; a cancelled upload never settles. */
  done: Promise<MediaItem>;
  cancel: () => void;
}

/**
 * `POST /api/media` with one part named `file`. Through XMLHttpRequest rather than the JSON client:
 * only it reports upload progress, and a large video needs both progress and a way to stop.
 */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): MediaUpload {
  const request = new XMLHttpRequest();
  const done = new Promise<MediaItem>((resolve, reject) => {
    request.open('POST', `${runtimeConfig.apiBaseUrl}/media`);
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
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
  return { done, cancel: () => request.abort() };
}
