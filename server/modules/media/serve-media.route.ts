import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import type { ByteRange } from './media-storage';
import { storedFileOf } from './media.plugin';

/** A media id always names the same bytes, so browsers and proxies may keep them for a year. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const paramsSchema = z.object({ id: z.string(), variant: z.string() });

/**
 * The one range a `Range: bytes=…` header asks for; null to send the whole file (no header, a
 * malformed one, or several ranges, which the standard lets a server answer in full), or
 * 'unsatisfiable' when the range starts past the end.
 */
function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffixLength = Number(match[2]);
    return suffixLength > 0 && size > 0 ? { start: Math.max(0, size - suffixLength), end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : Infinity;
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** RFC 8187 encoding for `filename*`: what encodeURIComponent leaves alone but the header grammar does not. */
const encodeHeaderValue = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Serves an upload's files: images as their WEBP variants, videos and documents as uploaded,
 * videos seekable through Range requests. Anything else, a missing id included, is NOT_FOUND.
 */
const serveMediaRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:id/:variant',
    {
      schema: { params: paramsSchema },
      // A shared cache must not hand one visitor's anti-forgery cookie to the next; pages set it anyway.
      onSend: async (_request, reply, payload) => {
        reply.removeHeader('set-cookie');
        return payload;
      },
    },
    async (request, reply) => {
      const media = await app.db.selectFrom('media').select(['id', 'kind', 'mime', 'original_name']).where('id', '=', request.params.id).executeTakeFirst();
      const stored = media ? storedFileOf(media, request.params.variant) : null;
      const size = stored ? await app.media.storage.size(stored.key) : null;
      if (!media || !stored || size === null) throw new AppError(ERROR_CODES.NOT_FOUND);

      const range = requestedRange(request.headers.range, size);
      if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${size}`).send();

      reply
        .type(stored.contentType)
        .header('Cache-Control', IMMUTABLE_CACHE)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Accept-Ranges', 'bytes');
      if (media.kind === 'DOCUMENT') reply.header('Content-Disposition', `inline; filename*=UTF-8''${encodeHeaderValue(media.original_name)}`);
      if (!range) return reply.header('Content-Length', size).send(app.media.storage.read(stored.key));
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(app.media.storage.read(stored.key, range));
    },
  );
};
export default serveMediaRoute;
