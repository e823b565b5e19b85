import fs from 'node:fs';
import Fastify from 'fastify';
import { z } from 'zod';
import app from './app';
import { loadConfig, type ServerConfig } from './config';

// Settings in .env fill in what the environment does not set.
if (fs.existsSync('.env')) process.loadEnvFile('.env');
let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  // A wrong setting is the operator's to fix: say which, without a stack trace.
  console.error(`Cannot start: ${error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message}`);
  process.exit(1);
}

const server = Fastify({
  logger: { level: config.logLevel },
  // Uploads and JSON bodies are bounded per route; this is the ceiling for anything else.
  bodyLimit: 1024 * 1024,
  trustProxy: config.trustProxy,
  // A first start re-encodes the demo pictures, which on a busy machine outlasts Fastify's 10 s default.
  pluginTimeout: 60_000,
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
