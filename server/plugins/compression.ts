import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses the text the server writes as it answers (pages, API JSON) with brotli or gzip, as the
 * browser accepts, and says so in `Vary`. Built assets are sent as their precompressed copies (see the
 * client plugin), and pictures and videos are compressed in their own formats, so neither is compressed
 * again. Request bodies are never inflated: the API takes JSON and uploads as they are.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
  },
  { name: 'compression' },
);
