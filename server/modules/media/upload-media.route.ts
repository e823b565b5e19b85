import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { UPLOAD_LIMITS } from '../../../domain/limits';
import { mediaItemSchema } from '../../../domain/media-schemas';
import { HOUR_MS } from '../../../domain/timing';
import { AppError } from '../../errors';
import type { RateLimitPolicy } from '../../plugins/rate-limit';
import { requireUser } from '../auth/session.plugin';
import { LARGEST_UPLOAD_BYTES } from './media.plugin';

/** Fifty images for each of several ads in an hour is busy selling; more is filling the disk. */
const UPLOADS_PER_USER: RateLimitPolicy = { name: 'media-upload-user', limit: 300, windowMs: HOUR_MS };
const FILE_PART = 'file';

/**
 * What the multipart parser could not follow (no boundary, a body cut off, bytes that are no parts)
 * is the client's mistake: answered MALFORMED_UPLOAD and logged below error level. The plugin's
 * own refusals (too many parts, a connection closed early) already carry a client status.
 */
function asClientError(error: unknown, request: FastifyRequest): unknown {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (error instanceof AppError || (typeof status === 'number' && status < 500)) return error;
  request.log.info({ err: error }, 'malformed multipart body refused');
  return new AppError(ERROR_CODES.MALFORMED_UPLOAD);
}

/** A client that sends nothing for this long mid-upload is cut off, so it holds no upload place or open file for ever. */
const UPLOAD_IDLE_MS = 30_000;

/** The part's bytes as they arrive; stopping early stops reading the body. */
async function* bytesOf(file: Readable, request: FastifyRequest): AsyncGenerator<Buffer> {
  const idle = setTimeout(() => request.raw.destroy(), UPLOAD_IDLE_MS);
  try {
    for await (const chunk of file) {
      idle.refresh();
      yield chunk as Buffer;
    }
  } catch (error) {
    throw asClientError(error, request);
  } finally {
    clearTimeout(idle);
  }
}

/** A client that stops sending after an early refusal gets its connection closed after this long. */
const DROP_IDLE_MS = 5000;

/**
 * A refusal can leave before the whole body has come. As a browser reads the answer only once it has
 * sent everything, the rest is read and dropped so that the refusal reaches it and the connection
 * stays usable; a body longer than the largest upload, or one that stops coming, is cut off.
 */
async function dropUnreadBody(request: FastifyRequest): Promise<void> {
  const body = request.raw;
  if (body.readableEnded) return;
  // Whatever the parser was still holding back is dropped with the rest.
  body.unpipe();
  let allowance = LARGEST_UPLOAD_BYTES;
  const idle = setTimeout(() => body.destroy(), DROP_IDLE_MS);
  body.on('data', (chunk: Buffer) => {
    allowance -= chunk.length;
    if (allowance < 0) body.destroy();
    else idle.refresh();
  });
  body.once('end', () => clearTimeout(idle));
  body.once('close', () => clearTimeout(idle));
  body.resume();
}

/**
 * One file from a signed-in seller, as multipart part `file`; what it is, is decided by its bytes.
 * It goes to disk as it arrives, and a person runs a few uploads at a time.
 */
const uploadMediaRoute: FastifyPluginAsync = async (app) => {
  // Registered here, not app-wide: this is the only endpoint that takes multipart bodies. One byte
  // over the largest limit is read, so "too large" is told apart from "exactly at the limit".
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: LARGEST_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024 },
  });

  // Counted on this node only: what it bounds is the work and the open files each node takes on.
  const runningUploads = new Map<string, number>();

  app.withTypeProvider<ZodTypeProvider>().post(
    '',
    { schema: { response: { 201: mediaItemSchema } }, onResponse: dropUnreadBody },
    async (request, reply) => {
      const user = requireUser(request);
      const running = runningUploads.get(user.id) ?? 0;
      if (running >= UPLOAD_LIMITS.uploadsAtOnce) throw new AppError(ERROR_CODES.TOO_MANY_UPLOADS);
      runningUploads.set(user.id, running + 1);
      try {
        await app.rateLimits.consume(UPLOADS_PER_USER, user.id);
        const part = request.isMultipart()
          ? await request.file().catch((error: unknown) => {
              throw asClientError(error, request);
            })
          : undefined;
        if (!part || part.fieldname !== FILE_PART) throw new AppError(ERROR_CODES.VALIDATION_FAILED, { [FILE_PART]: ERROR_CODES.REQUIRED });

        const item = await app.media.saveUpload({ ownerId: user.id, name: part.filename, content: bytesOf(part.file, request) });
        return reply.code(201).send(item);
      } finally {
        const left = (runningUploads.get(user.id) ?? 1) - 1;
        if (left > 0) runningUploads.set(user.id, left);
        else runningUploads.delete(user.id);
      }
    },
  );
};
export default uploadMediaRoute;
