import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { mediaItemSchema } from '../../../domain/media';
import { AppError } from '../../errors';
import type { RateLimitPolicy } from '../../plugins/rate-limit';
import { requireUser } from '../auth/session.plugin';
import { detectFileType } from './detect-file-type';
import { LARGEST_UPLOAD_BYTES, UPLOAD_SIZE_LIMITS } from './media.plugin';

/** Fifty images for each of several ads in an hour is busy selling; more is filling the disk. */
const UPLOADS_PER_USER: RateLimitPolicy = { name: 'media-upload-user', limit: 300, windowMs: 60 * 60 * 1000 };
const FILE_PART = 'file';

/** One file from a signed-in seller, as multipart part `file`; what it is, is decided by its bytes. */
const uploadMediaRoute: FastifyPluginAsync = async (app) => {
  // Registered here, not app-wide: this is the only endpoint that takes multipart bodies. One byte
  // over the largest limit is read, so "too large" is told apart from "exactly at the limit".
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: LARGEST_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024 },
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/media',
    { schema: { response: { 201: mediaItemSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.rateLimits.consume(UPLOADS_PER_USER, user.id);
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part || part.fieldname !== FILE_PART) throw new AppError(ERROR_CODES.VALIDATION_FAILED, { [FILE_PART]: ERROR_CODES.REQUIRED });

      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (part.file.truncated) {
        // Over every limit: the first bytes still say which limit to name.
        const type = detectFileType(bytes);
        throw new AppError(type ? UPLOAD_SIZE_LIMITS[type.kind].code : ERROR_CODES.PAYLOAD_TOO_LARGE);
      }

      const item = await app.media.saveUpload({ ownerId: user.id, name: part.filename, bytes });
      return reply.code(201).send(item);
    },
  );
};
export default uploadMediaRoute;
