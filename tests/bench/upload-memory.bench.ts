import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, SESSION_TTL_MS } from '../../domain/auth';
import { UPLOAD_LIMITS } from '../../domain/limits';
import app from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedOnFirstRun } from '../../server/db/seed/seed';
import { hashSecret } from '../../server/modules/auth/hash-secret';
import { describeMachine } from './figures';

/**
 * The server's memory while it receives uploads: its resident set size idle, then its
 * peak while ten people each send a 100 MB video at the same time. The server runs in a child
 * process that samples its own RSS, so the figures are the server's alone. Printed, never asserted.
 */
const UPLOADERS = 10;
const VIDEO_BYTES = UPLOAD_LIMITS.videoBytes;
const CHUNK_BYTES = 64 * 1024;
const RSS_SAMPLE_MS = 5;
const SETTLE_MS = 2000;
/** The first box of an MP4 file, so the upload is a video by its bytes. */
const MP4_HEADER = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
const MEGABYTE = 1024 * 1024;

type ToServer = { type: 'start-peak' } | { type: 'read-peak' };
type FromServer = { type: 'listening'; port: number } | { type: 'peak'; idleRss: number; peakRss: number };

// ── The server side, run in the child process ────────────────────────────────────────────────

async function serve(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
  const server = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  await server.register(app, { config });
  await server.listen({ host: '127.0.0.1', port: 0 });

  let idleRss = 0;
  let peakRss = 0;
  let sampler: NodeJS.Timeout | undefined;
  process.on('message', (message: ToServer) => {
    if (message.type === 'start-peak') {
      idleRss = process.memoryUsage.rss();
      peakRss = idleRss;
      sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
      }, RSS_SAMPLE_MS);
    } else {
      clearInterval(sampler);
      process.send!({ type: 'peak', idleRss, peakRss: Math.max(peakRss, process.memoryUsage.rss()) } satisfies FromServer);
    }
  });
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
  process.send!({ type: 'listening', port: (server.server.address() as AddressInfo).port } satisfies FromServer);
}

// ── The uploaders, in the parent process ─────────────────────────────────────────────────────

/** One signed-in person for each uploader, with a session made directly in the database. */
async function createUploaders(dataDir: string): Promise<string[]> {
  const db = createDatabase(loadConfig({ DATA_DIR: dataDir }).database);
  try {
    const now = Date.now();
    await migrateToLatest(db);
    await seedOnFirstRun(db, { demo: false, now });
    const cookies: string[] = [];
    for (let index = 0; index < UPLOADERS; index++) {
      const userId = randomUUID();
      await db
        .insertInto('users')
        .values({ id: userId, slug: `uploader-${index}`, first_name: 'Bench', last_name: `Uploader ${index}`, email: `uploader-${index}@example.com`, phone: `96650000${String(index).padStart(4, '0')}`, country_code: 'SA', city_id: null, password_hash: '', about: '', created_at: now, verified_at: now, email_verified_at: now })
        .execute();
      const token = randomBytes(32).toString('base64url');
      await db.insertInto('sessions').values({ id: hashSecret(token), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS }).execute();
      cookies.push(`${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=bench-${index}`);
    }
    return cookies;
  } finally {
    await db.destroy();
  }
}

/** Sends one video of VIDEO_BYTES as the page does, chunk by chunk, and resolves with the status. */
function upload(port: number, cookie: string): Promise<number> {
  const boundary = `----bench-${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(CHUNK_BYTES, 7);
  const csrfToken = /csrf=([^;]+)/.exec(cookie)![1]!;
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/media',
      headers: { cookie, [CSRF_HEADER]: csrfToken, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + VIDEO_BYTES + tail.length },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    let left = VIDEO_BYTES - MP4_HEADER.length;
    const writeMore = () => {
      while (left > 0) {
        const chunk = left >= filler.length ? filler : filler.subarray(0, left);
        left -= chunk.length;
        if (!request.write(chunk)) return void request.once('drain', writeMore);
      }
      request.end(tail);
    };
    request.write(head);
    request.write(MP4_HEADER);
    writeMore();
  });
}

async function readPeak(child: ChildProcess): Promise<{ idleRss: number; peakRss: number }> {
  const answer = once(child, 'message') as Promise<[FromServer]>;
  child.send({ type: 'read-peak' } satisfies ToServer);
  const [reply] = await answer;
  if (reply.type !== 'peak') throw new Error('the bench server did not report its peak');
  return reply;
}

async function main(): Promise<void> {
  console.log(`Upload memory benchmark: ${UPLOADERS} people each upload a ${VIDEO_BYTES / MEGABYTE} MB video at once; ${describeMachine()}.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
  let child: ChildProcess | undefined;
  try {
    const cookies = await createUploaders(dataDir);
    child = fork(fileURLToPath(import.meta.url), ['--serve'], { env: { ...process.env, DATA_DIR: dataDir }, execArgv: ['--import', 'tsx'] });
    const [listening] = (await Promise.race([once(child, 'message'), once(child, 'exit').then(([code]) => Promise.reject(new Error(`the bench server exited early (code ${code})`)))])) as [FromServer];
    if (listening.type !== 'listening') throw new Error('the bench server did not say where it listens');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    child.send({ type: 'start-peak' } satisfies ToServer);
    const started = Date.now();
    const statuses = await Promise.all(cookies.map((cookie) => upload(listening.port, cookie)));
    const elapsedS = (Date.now() - started) / 1000;
    const peak = await readPeak(child);

    const stored = statuses.filter((status) => status === 201).length;
    const mb = (bytes: number) => `${(bytes / MEGABYTE).toFixed(0)} MB`;
    console.log(`Uploads stored: ${stored} of ${UPLOADERS} (statuses ${[...new Set(statuses)].join(', ')}), in ${elapsedS.toFixed(1)} s (${((UPLOADERS * VIDEO_BYTES) / MEGABYTE / elapsedS).toFixed(0)} MB/s).`);
    console.log(`Server RSS idle: ${mb(peak.idleRss)}; peak during the uploads: ${mb(peak.peakRss)}; above idle: ${mb(peak.peakRss - peak.idleRss)}.`);
    if (stored !== UPLOADERS) {
      console.error('Some uploads failed: the figures above are not comparable.');
      process.exitCode = 1;
    }
  } finally {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
