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
import rateLimitPlugin from './plugins/rate-limit';
import housekeepingJob from './jobs/housekeeping';
import socketServer from './realtime/socket-server';
import sessionPlugin from './modules/auth/session.plugin';
import messagesPlugin from './modules/delivery/messages.plugin';
import healthRoute from './modules/health/health.route';
import latestBuildRoute from './modules/build/latest-build.route';
import signInRoute from './modules/auth/sign-in.route';
import signOutRoute from './modules/auth/sign-out.route';
import currentSessionRoute from './modules/auth/current-session.route';
import registerRoute from './modules/auth/register.route';
import getVerificationRoute from './modules/auth/get-verification.route';
import verifyCodeRoute from './modules/auth/verify-code.route';
import resendCodeRoute from './modules/auth/resend-code.route';
import startRecoveryRoute from './modules/auth/start-recovery.route';
import resetPasswordRoute from './modules/auth/reset-password.route';
import verificationPlugin from './modules/auth/verification.plugin';
import oidcProvidersPlugin from './modules/auth/oidc/oidc-providers.plugin';
import startOidcSignInRoute from './modules/auth/oidc/start-oidc-sign-in.route';
import completeOidcSignInRoute from './modules/auth/oidc/complete-oidc-sign-in.route';
import getSocialRegistrationRoute from './modules/auth/oidc/get-social-registration.route';
import getProfileRoute from './modules/account/get-profile.route';
import updateProfileRoute from './modules/account/update-profile.route';
import changeContactRoute from './modules/account/change-contact.route';
import changePasswordRoute from './modules/account/change-password.route';
import deleteAccountRoute from './modules/account/delete-account.route';
import listCategoriesRoute from './modules/catalog/list-categories.route';
import listCountriesRoute from './modules/catalog/list-countries.route';
import listAdsRoute from './modules/ads/list-ads.route';
import getAdRoute from './modules/ads/get-ad.route';
import getOwnedAdRoute from './modules/ads/get-owned-ad.route';
import getPublicUserRoute from './modules/users/get-public-user.route';
import submitContactMessageRoute from './modules/contact/submit-contact-message.route';
import devOutboxRoute from './modules/outbox/dev-outbox.route';

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
  await fastify.register(fastifyCookie);
  await fastify.register(csrfPlugin);
  await fastify.register(databasePlugin);
  await fastify.register(rateLimitPlugin);
  await fastify.register(housekeepingJob);
  await fastify.register(messagesPlugin);
  await fastify.register(sessionPlugin);
  await fastify.register(verificationPlugin);
  await fastify.register(oidcProvidersPlugin);
  await fastify.register(socketServer);
  await fastify.register(clientPlugin);

  await fastify.register(healthRoute);
  await fastify.register(latestBuildRoute);
  await fastify.register(signInRoute);
  await fastify.register(signOutRoute);
  await fastify.register(currentSessionRoute);
  await fastify.register(registerRoute);
  await fastify.register(getVerificationRoute);
  await fastify.register(verifyCodeRoute);
  await fastify.register(resendCodeRoute);
  await fastify.register(startRecoveryRoute);
  await fastify.register(resetPasswordRoute);
  await fastify.register(startOidcSignInRoute);
  await fastify.register(completeOidcSignInRoute);
  await fastify.register(getSocialRegistrationRoute);
  await fastify.register(getProfileRoute);
  await fastify.register(updateProfileRoute);
  await fastify.register(changeContactRoute);
  await fastify.register(changePasswordRoute);
  await fastify.register(deleteAccountRoute);
  await fastify.register(listCategoriesRoute);
  await fastify.register(listCountriesRoute);
  await fastify.register(listAdsRoute);
  await fastify.register(getAdRoute);
  await fastify.register(getOwnedAdRoute);
  await fastify.register(getPublicUserRoute);
  await fastify.register(submitContactMessageRoute);
  if (config.exposeDevOutbox) await fastify.register(devOutboxRoute);
};

export default app;
