import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../domain/auth';
import type { Locale } from '../../domain/locale';
import { IMAGE_VARIANTS, mediaSrcSet, mediaUrl } from '../../domain/media';
import type { MediaItem } from '../../domain/media-schemas';
import { DAY_MS, HOUR_MS } from '../../domain/timing';
import arErrors from '../../locales/ar/errors.json';
import enErrors from '../../locales/en/errors.json';
import { detectFileType } from '../../server/modules/media/detect-file-type';
import { sweepAbandonedUploadFiles, sweepUnattachedMedia } from '../../server/modules/media/media.plugin';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

const MEGABYTE = 1024 * 1024;
/** The first box of an MP4 file: size 24, `ftyp`, major brand `isom`, compatible `isom`, `mp41`. */
const MP4_HEADER = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const partHead = (boundary: string, name: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const closing = (boundary: string) => Buffer.from(`\r\n--${boundary}--\r\n`);

/** Multipart bodies the parser cannot read: each is the client's mistake, never the server's. */
const MALFORMED_BODIES = [
  { fault: 'no boundary in its content type', contentType: 'multipart/form-data', body: Buffer.concat([partHead('b', 'doc.pdf'), PDF, closing('b')]) },
  { fault: 'a body cut off inside the file', contentType: 'multipart/form-data; boundary=b', body: Buffer.concat([partHead('b', 'doc.pdf'), PDF]) },
  { fault: 'garbage instead of parts', contentType: 'multipart/form-data; boundary=b', body: Buffer.from('\u0000\u00ff not multipart at all \r\n--c\r\n'.repeat(300)) },
];

/** The answer, if it comes while the body is still held open; an upload read to its end first never answers here. */
function answeredEarly(response: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  return Promise.race([response, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('no answer before the rest of the body was sent')), 3000))]);
}

describe(`media uploads on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };
  let seller: TestBrowser;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now });
    seller = new TestBrowser(t.app);
    await seller.signIn('ahmed@example.com');
  });
  afterAll(async () => t.close());

  async function uploaded(name: string, bytes: Buffer): Promise<MediaItem> {
    const response = await seller.upload('/api/media', { name, bytes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as MediaItem;
  }

  const serve = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const incomingDir = () => path.join(t.app.config.uploadsDir, '.incoming');
  const incomingFiles = () => (fs.existsSync(incomingDir()) ? fs.readdirSync(incomingDir()).sort() : []);
  const mediaCount = async () => (await t.app.db.selectFrom('media').select('id').execute()).length;

  /** An upload whose file arrives in two goes: `first` at once, the rest when `finish` is called. */
  function heldUpload(first: Buffer) {
    const boundary = `----held-${randomUUID()}`;
    const body = new PassThrough();
    body.write(Buffer.concat([partHead(boundary, 'held.bin'), first]));
    return {
      send: (browser: TestBrowser, locale?: Locale) => browser.request('POST', '/api/media', body, { contentType: `multipart/form-data; boundary=${boundary}`, locale }),
      finish: (rest = Buffer.alloc(0)) => body.end(Buffer.concat([rest, closing(boundary)])),
    };
  }

  const storedFiles = (id: string) => (fs.existsSync(path.join(t.app.config.uploadsDir, id)) ? fs.readdirSync(path.join(t.app.config.uploadsDir, id)).sort() : []);

  it('tells each accepted format by its first bytes alone', () => {
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ kind: 'IMAGE', mime: 'image/jpeg' });
    expect(detectFileType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toEqual({ kind: 'IMAGE', mime: 'image/webp' });
    expect(detectFileType(MP4_HEADER)).toEqual({ kind: 'VIDEO', mime: 'video/mp4' });
    expect(detectFileType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toEqual({ kind: 'VIDEO', mime: 'video/webm' });
    expect(detectFileType(Buffer.from([0x00, 0x00, 0x01, 0xba, 0x44]))).toEqual({ kind: 'VIDEO', mime: 'video/mpeg' });
    expect(detectFileType(Buffer.from([0x00, 0x00, 0x01, 0xb3, 0x14]))).toEqual({ kind: 'VIDEO', mime: 'video/mpeg' });
    expect(detectFileType(PDF)).toEqual({ kind: 'DOCUMENT', mime: 'application/pdf' });
    // A QuickTime movie and a HEIC photo share MP4's box structure but are not accepted formats.
    expect(detectFileType(Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0', 'latin1'))).toBeNull();
    expect(detectFileType(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'))).toBeNull();
    expect(detectFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
  });

  it('re-encodes a photo upright at every width and keeps none of its metadata, GPS included', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: { r: 200, g: 120, b: 60 } } })
      .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 30/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const original = await sharp(photo).metadata();
    // The GPS IFD pointer (tag 0x8825), so the photo really carries a location.
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.orientation).toBe(6);

    const item = await uploaded('holiday.jpg', photo);
    // Turned upright (the camera was held sideways), then the large size at 1280 wide.
    expect(item).toMatchObject({ kind: 'IMAGE', mime: 'image/jpeg', bytes: photo.length, width: 1280, height: 2560, name: 'holiday.jpg' });
    // Each size a page offers the browser (srcset) is served at the width it is offered as.
    const offered = mediaSrcSet(item.id).split(', ');
    expect(offered).toHaveLength(Object.keys(IMAGE_VARIANTS).length);
    for (const candidate of offered) {
      const [url, descriptor] = candidate.split(' ') as [string, string];
      const width = Number.parseInt(descriptor, 10);
      const response = await serve(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const served = await sharp(response.rawPayload).metadata();
      expect(served).toMatchObject({ format: 'webp', width });
      // Shrinking on load may round the height by a pixel.
      expect(Math.abs(served.height - width * 2)).toBeLessThanOrEqual(1);
      expect(served.exif).toBeUndefined();
      expect(served.xmp).toBeUndefined();
      expect(served.icc).toBeUndefined();
      expect(served.orientation).toBeUndefined();
      expect(response.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
    const row = await t.app.db.selectFrom('media').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row.ad_id).toBeNull();
  });

  it('judges by the bytes, not the name, and never enlarges a small image', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#3a7' } }).png().toBuffer();
    const item = await uploaded('photo.pdf', png);
    expect(item).toMatchObject({ kind: 'IMAGE', mime: 'image/png', width: 300, height: 200 });
    const card = await sharp((await serve(mediaUrl(item.id, 'card'))).rawPayload).metadata();
    const thumb = await sharp((await serve(mediaUrl(item.id, 'thumb'))).rawPayload).metadata();
    expect([card.width, thumb.width]).toEqual([300, 160]);
    // An image has no `file` variant; it is served only as its re-encoded sizes.
    expect((await serve(mediaUrl(item.id, 'file'))).statusCode).toBe(404);
  });

  it('refuses a file of any other kind, whatever its name says, in the visitor language', async () => {
    const text = Buffer.from('just some text, not a picture\n');
    for (const locale of ['ar', 'en'] as const) {
      const response = await seller.upload('/api/media', { name: 'x.jpg', bytes: text, locale });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: { code: 'UNSUPPORTED_FILE_TYPE', message: (locale === 'ar' ? arErrors : enErrors).UNSUPPORTED_FILE_TYPE } });
    }
  });

  it('refuses an image that cannot be decoded, and stores nothing for it', async () => {
    const before = await t.app.db.selectFrom('media').select('id').execute();
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x5a)]);
    const response = await seller.upload('/api/media', { name: 'broken.jpg', bytes: corrupt });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('FILE_UNREADABLE');
    expect(await t.app.db.selectFrom('media').select('id').execute()).toHaveLength(before.length);
  });

  it('leaves no files behind when the record cannot be written', async () => {
    const before = fs.existsSync(t.app.config.uploadsDir) ? fs.readdirSync(t.app.config.uploadsDir).sort() : [];
    // No such owner: the database refuses the row after the files were stored.
    await expect(t.app.media.saveUpload({ ownerId: randomUUID(), name: 'doc.pdf', content: [PDF] })).rejects.toThrow();
    expect(fs.readdirSync(t.app.config.uploadsDir).sort()).toEqual(before);
    expect(incomingFiles()).toEqual([]);
  });

  it.each(MALFORMED_BODIES)('answers MALFORMED_UPLOAD to $fault, logged as the client’s error', async ({ contentType, body }) => {
    const errorLog = vi.spyOn(t.app.log, 'error');
    const infoLog = vi.spyOn(t.app.log, 'info');
    try {
      for (const locale of ['ar', 'en'] as const) {
        const response = await seller.request('POST', '/api/media', body, { contentType, locale });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ error: { code: 'MALFORMED_UPLOAD', message: (locale === 'ar' ? arErrors : enErrors).MALFORMED_UPLOAD } });
      }
      expect(errorLog).not.toHaveBeenCalled();
      expect(infoLog).toHaveBeenCalled();
    } finally {
      errorLog.mockRestore();
      infoLog.mockRestore();
    }
    expect(incomingFiles()).toEqual([]);
  });

  it('refuses a file by its first bytes before the rest of it is sent, and keeps none of it', async () => {
    const before = await mediaCount();
    const gif = heldUpload(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(256 * 1024, 1)]));
    const refused = await answeredEarly(gif.send(seller));
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(incomingFiles()).toEqual([]);
    gif.finish(Buffer.alloc(MEGABYTE, 1));
    expect(await mediaCount()).toBe(before);
  });

  it('refuses an image as soon as it passes 10 MB, not when the whole body has come', async () => {
    const image = heldUpload(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(10 * MEGABYTE)]));
    const refused = await answeredEarly(image.send(seller));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('IMAGE_TOO_LARGE');
    expect(incomingFiles()).toEqual([]);
    image.finish(Buffer.alloc(20 * MEGABYTE));
  });

  it('lets one person run three uploads at once and refuses a fourth, in the visitor language, until one ends', async () => {
    const running = [0, 1, 2].map(() => heldUpload(Buffer.concat([MP4_HEADER, Buffer.alloc(64 * 1024, 3)])));
    const answers = running.map((upload) => upload.send(seller));
    // Each running upload is written to disk as it arrives, so three files show that all three hold a place.
    await vi.waitFor(() => expect(incomingFiles()).toHaveLength(3), { timeout: 10_000, interval: 20 });

    for (const locale of ['ar', 'en'] as const) {
      const response = await seller.upload('/api/media', { name: 'doc.pdf', bytes: PDF, locale });
      expect(response.statusCode).toBe(429);
      const message = (locale === 'ar' ? arErrors : enErrors).TOO_MANY_UPLOADS.replace('{{uploadsAtOnce}}', '3');
      expect(response.json()).toEqual({ error: { code: 'TOO_MANY_UPLOADS', message } });
    }
    // Another person's uploads are not held up by this one's.
    const neighbour = new TestBrowser(t.app);
    await neighbour.signIn('sara@example.com');
    expect((await neighbour.upload('/api/media', { name: 'doc.pdf', bytes: PDF })).statusCode).toBe(201);

    for (const upload of running) upload.finish(Buffer.alloc(1000, 3));
    for (const answer of answers) expect((await answer).statusCode).toBe(201);
    expect((await seller.upload('/api/media', { name: 'doc.pdf', bytes: PDF })).statusCode).toBe(201);
    expect(incomingFiles()).toEqual([]);
  });

  it('removes the file of an upload whose connection drops midway', async () => {
    const before = await mediaCount();
    const address = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    const socket = net.connect(Number(address.port), address.hostname);
    await once(socket, 'connect');
    const boundary = 'dropped';
    const cookie = [...seller.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    socket.write(
      `POST /api/media HTTP/1.1\r\nHost: ${address.host}\r\nCookie: ${cookie}\r\n${CSRF_HEADER}: ${seller.cookies.get(CSRF_COOKIE)}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${50 * MEGABYTE}\r\n\r\n`,
    );
    socket.write(Buffer.concat([partHead(boundary, 'clip.mp4'), MP4_HEADER, Buffer.alloc(256 * 1024, 5)]));
    // What has arrived is on disk, not in memory.
    await vi.waitFor(() => expect(incomingFiles()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    socket.destroy();
    await vi.waitFor(() => expect(incomingFiles()).toEqual([]), { timeout: 10_000, interval: 20 });
    expect(await mediaCount()).toBe(before);
  });

  it('sweeps incoming files a stopped server left behind, at start-up and every hour, and not those still arriving', async () => {
    const leaveBehind = (dataDir: string, name: string, ageMs: number) => {
      const file = path.join(dataDir, 'uploads', '.incoming', name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'part of an upload');
      const modified = new Date(Date.now() - ageMs);
      fs.utimesSync(file, modified, modified);
    };
    leaveBehind(t.app.config.dataDir, 'left-behind.upload', 2 * HOUR_MS);
    leaveBehind(t.app.config.dataDir, 'arriving.upload', 0);
    await sweepAbandonedUploadFiles(t.app);
    expect(incomingFiles()).toEqual(['arriving.upload']);
    fs.rmSync(path.join(incomingDir(), 'arriving.upload'));

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
    try {
      leaveBehind(dataDir, 'crashed.upload', 2 * HOUR_MS);
      const restarted = await buildTestApp({ env: { DATA_DIR: dataDir } });
      await restarted.close();
      expect(fs.readdirSync(path.join(dataDir, 'uploads', '.incoming'))).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an image over 10 MB with the image limit in the message', async () => {
    const huge = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(11 * MEGABYTE)]);
    const response = await seller.upload('/api/media', { name: 'huge.png', bytes: huge });
    expect(response.statusCode).toBe(413);
    const { error } = response.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    expect(error.message).toContain('10');
  });

  it('keeps a PDF as uploaded and shows it inline under its own name', async () => {
    const item = await uploaded('عقد البيع (نسخة).pdf', PDF);
    expect(item).toMatchObject({ kind: 'DOCUMENT', mime: 'application/pdf', width: null, height: null, name: 'عقد البيع (نسخة).pdf' });
    const response = await serve(mediaUrl(item.id, 'file'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('عقد البيع ')}%28${encodeURIComponent('نسخة')}%29.pdf`);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect((await serve(mediaUrl(item.id, 'large'))).statusCode).toBe(404);
  });

  it('keeps a video as uploaded and lets the player seek in it', async () => {
    const video = Buffer.concat([MP4_HEADER, Buffer.alloc(1000, 7)]);
    const item = await uploaded('clip.mp4', video);
    expect(item).toMatchObject({ kind: 'VIDEO', mime: 'video/mp4', bytes: video.length });
    const url = mediaUrl(item.id, 'file');

    const whole = await serve(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await serve(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);

    const tail = await serve(url, { range: 'bytes=-24' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 24))).toBe(true);

    const open = await serve(url, { range: 'bytes=1000-' });
    expect(open.headers['content-range']).toBe(`bytes 1000-${video.length - 1}/${video.length}`);

    const beyond = await serve(url, { range: `bytes=${video.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('serves files without cookies, so shared caches keep nothing personal', async () => {
    const item = await uploaded('clip.mp4', Buffer.concat([MP4_HEADER, Buffer.alloc(10)]));
    const response = await t.app.inject({ method: 'GET', url: mediaUrl(item.id, 'file') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('takes uploads from signed-in people only, as a part named file', async () => {
    const visitor = new TestBrowser(t.app);
    const refused = await visitor.upload('/api/media', { name: 'doc.pdf', bytes: PDF });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHENTICATED');
    const misnamed = await seller.upload('/api/media', { name: 'doc.pdf', bytes: PDF, field: 'attachment' });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().error.fields).toEqual({ file: 'REQUIRED' });
  });

  it('answers NOT_FOUND for an unknown upload or variant', async () => {
    expect((await serve(mediaUrl(randomUUID(), 'large'))).statusCode).toBe(404);
    const response = await serve(`/media/${randomUUID()}/file`);
    expect(response.json().error.code).toBe('NOT_FOUND');
    const item = await uploaded('doc.pdf', PDF);
    expect((await serve(`/media/${item.id}/original`)).statusCode).toBe(404);
  });

  it('sweeps uploads no ad took within a day, files and all, and nothing else', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } }).png().toBuffer();
    const abandoned = await uploaded('abandoned.png', png);
    const attached = await uploaded('attached.png', png);
    const ad = await t.app.db.selectFrom('ads').select('id').limit(1).executeTakeFirstOrThrow();
    await t.app.db.updateTable('media').set({ ad_id: ad.id }).where('id', '=', attached.id).execute();
    clock.now += DAY_MS + 1;
    const fresh = await uploaded('fresh.png', png);
    expect(storedFiles(abandoned.id)).toEqual(['card.webp', 'large.webp', 'thumb.webp']);

    await sweepUnattachedMedia(t.app, DAY_MS);

    const remaining = new Set((await t.app.db.selectFrom('media').select('id').execute()).map((row) => row.id));
    expect(remaining.has(abandoned.id)).toBe(false);
    expect(storedFiles(abandoned.id)).toEqual([]);
    expect((await serve(mediaUrl(abandoned.id, 'thumb'))).statusCode).toBe(404);
    for (const kept of [attached, fresh]) {
      expect(remaining.has(kept.id)).toBe(true);
      expect(storedFiles(kept.id)).toHaveLength(3);
    }
  });
});
