import fp from 'fastify-plugin';
import changeContactRoute from './change-contact.route';
import changePasswordRoute from './change-password.route';
import deleteAccountRoute from './delete-account.route';
import getProfileRoute from './get-profile.route';
import updateProfileRoute from './update-profile.route';

/** The signed-in person's own account, under /api/me. */
export default fp(
  async (app) => {
    await app.register(
      async (account) => {
        await account.register(getProfileRoute);
        await account.register(updateProfileRoute);
        await account.register(changeContactRoute);
        await account.register(changePasswordRoute);
        await account.register(deleteAccountRoute);
      },
      { prefix: '/api/me' },
    );
  },
  { name: 'account-routes', encapsulate: true, dependencies: ['database', 'clock', 'sessions', 'verifications', 'rate-limits', 'auctions'] },
);
