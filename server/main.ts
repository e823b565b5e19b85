import fs from 'node:fs';
import Fastify from 'fastify';
import app from './app';
import { loadConfig } from './config';

// Settings in .env fill in what the environment does not set.
if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();

const server = Fastify({
  logger: { level: config.logLevel },
  // Uploads and JSON bodies are bounded per route; this is the ceiling for anything else.
  bodyLimit: 1024 * 1024,
  trustProxy: config.trustProxy,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  server.log.info({ signal }, 'shutting down');
  const forceExit = setTimeout(() => {
    server.log.error('graceful shutdown timed out, exiting');
    process.exit(1);
  }, config.shutdownGraceMs);
  forceExit.unref();
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    server.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await server.register(app, { config });
  await server.listen({ host: config.host, port: config.port });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The one line a person starting the marketplace is waiting for.
  console.log(`\nMarketplace ready at http://localhost:${port}\n`);
} catch (error) {
  server.log.fatal({ err: error }, 'failed to start');
  process.exit(1);
}
