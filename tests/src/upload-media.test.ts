// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_LIMITS } from '../../domain/limits';

/** An XMLHttpRequest that records what was sent and ends when the test says so. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  upload = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  name = '';
  private running = false;
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    this.name = (body.get('file') as File).name;
    this.running = true;
    FakeRequest.sent.push(this);
  }
  /** As a browser aborts: events only for a request sent and not yet ended. */
  abort() {
    if (!this.running) return;
    this.running = false;
    this.onloadend?.();
  }
  succeed() {
    this.running = false;
    this.status = 201;
    this.responseText = JSON.stringify({ id: this.name });
    this.onload?.();
    this.onloadend?.();
  }
}
vi.stubGlobal('XMLHttpRequest', FakeRequest);

const { uploadMedia } = await import('../../src/features/sell/api/upload-media');

const names = () => FakeRequest.sent.map((request) => request.name);

describe('uploading media', () => {
  afterEach(() => {
    for (const request of FakeRequest.sent) request.abort();
    FakeRequest.sent = [];
  });

  it('runs as many uploads at once as the server takes from one person, the rest waiting their turn in order', async () => {
    expect(UPLOAD_LIMITS.uploadsAtOnce).toBe(3);
    const uploads = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => uploadMedia(new File(['x'], name), () => {}));
    expect(names()).toEqual(['a', 'b', 'c']);

    FakeRequest.sent[1]!.succeed();
    await expect(uploads[1]!.done).resolves.toEqual({ id: 'b' });
    expect(names()).toEqual(['a', 'b', 'c', 'd']);

    // One cancelled while it waits never starts, and hands its turn on.
    uploads[4]!.cancel();
    uploads[0]!.cancel();
    expect(names()).toEqual(['a', 'b', 'c', 'd', 'f']);
  });
});
