import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import clockPlugin from './plugins/clock';
import configPlugin from './plugins/config';
import databasePlugin from './plugins/database';
import errorsPlugin from './plugins/errors';
import clientPlugin from './plugins/client';
import csrfPlugin from './plugins/csrf';
import storableTextPlugin from './plugins/storable-text';
import rateLimitPlugin from './plugins/rate-limit';
import securityHeadersPlugin from './plugins/security-headers';
import compressionPlugin from './plugins/compression';
import housekeepingJob from './jobs/housekeeping';
import socketServer from './realtime/socket-server';
import cluster from './realtime/cluster';
import auctionEngine from './modules/auctions/auction-engine.plugin';
import auctionSocket from './modules/auctions/auction-socket';
import auctionDeadlines from './jobs/auction-deadlines';
import sessionPlugin from './modules/auth/session.plugin';
import messagesPlugin from './modules/delivery/messages.plugin';
import verificationPlugin from './modules/auth/verification.plugin';
import oidcProvidersPlugin from './modules/auth/oidc/oidc-providers.plugin';
import mediaPlugin from './modules/media/media.plugin';
import demoMediaPlugin from './plugins/demo-media';
import healthRoutes from './modules/health/health.routes';
import buildRoutes from './modules/build/build.routes';
import authRoutes from './modules/auth/auth.routes';
import accountRoutes from './modules/account/account.routes';
import catalogRoutes from './modules/catalog/catalog.routes';
import adsRoutes from './modules/ads/ads.routes';
import favoritesRoutes from './modules/favorites/favorites.routes';
import usersRoutes from './modules/users/users.routes';
import auctionsRoutes from './modules/auctions/auctions.routes';
import mediaRoutes from './modules/media/media.routes';
import contactRoutes from './modules/contact/contact.routes';
import outboxRoutes from './modules/outbox/outbox.routes';
import sandboxProviderPlugin from './modules/sandbox-provider/sandbox-provider.plugin';
import paymentsPlugin from './modules/payments/payments.plugin';
import paymentsRoutes from './modules/payments/payments.routes';
import subscriptionsRoutes from './modules/subscriptions/subscriptions.routes';
import ordersPlugin from './modules/orders/orders.plugin';
import negotiationsPlugin from './modules/negotiations/negotiations.plugin';

export interface AppOptions {
  config: ServerConfig;
  /** The server clock; tests pass a simulated one. */
  now?: () => number;
}

/** The whole marketplace as one Fastify plugin: main.ts serves it, tests inject into it. */
const app: FastifyPluginAsync<AppOptions> = async (fastify, { config, now }) => {
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);

  await fastify.register(configPlugin, { config });
  await fastify.register(clockPlugin, { now });
  await fastify.register(errorsPlugin);
  await fastify.register(securityHeadersPlugin);
  await fastify.register(compressionPlugin);
  await fastify.register(fastifyCookie);
  await fastify.register(csrfPlugin);
  await fastify.register(storableTextPlugin);
  await fastify.register(databasePlugin);
  await fastify.register(rateLimitPlugin);
  await fastify.register(housekeepingJob);
  await fastify.register(messagesPlugin);
  await fastify.register(sessionPlugin);
  await fastify.register(mediaPlugin);
  await fastify.register(demoMediaPlugin);
  await fastify.register(verificationPlugin);
  await fastify.register(oidcProvidersPlugin);
  await fastify.register(socketServer);
  await fastify.register(cluster);
  await fastify.register(auctionEngine);
  await fastify.register(auctionSocket);
  await fastify.register(auctionDeadlines);
  await fastify.register(sandboxProviderPlugin);
  await fastify.register(paymentsPlugin);
  await fastify.register(ordersPlugin);
  await fastify.register(negotiationsPlugin);
  await fastify.register(clientPlugin);

  // Each module's routes under its own prefix, once every service they depend on is up.
  await fastify.register(healthRoutes);
  await fastify.register(buildRoutes);
  await fastify.register(authRoutes);
  await fastify.register(accountRoutes);
  await fastify.register(catalogRoutes);
  await fastify.register(adsRoutes);
  await fastify.register(favoritesRoutes);
  await fastify.register(usersRoutes);
  await fastify.register(auctionsRoutes);
  await fastify.register(mediaRoutes);
  await fastify.register(contactRoutes);
  await fastify.register(outboxRoutes);
  await fastify.register(paymentsRoutes);
  await fastify.register(subscriptionsRoutes);
};

export default app;
