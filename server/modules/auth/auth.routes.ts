import fp from 'fastify-plugin';
import completeOidcSignInRoute from './oidc/complete-oidc-sign-in.route';
import getSocialRegistrationRoute from './oidc/get-social-registration.route';
import startOidcSignInRoute from './oidc/start-oidc-sign-in.route';
import currentSessionRoute from './current-session.route';
import getVerificationRoute from './get-verification.route';
import registerRoute from './register.route';
import resendCodeRoute from './resend-code.route';
import resetPasswordRoute from './reset-password.route';
import signInRoute from './sign-in.route';
import signOutRoute from './sign-out.route';
import startRecoveryRoute from './start-recovery.route';
import verifyCodeRoute from './verify-code.route';

/** Signing in and out, registering, codes, recovery and social sign-in, under /api/auth. */
export default fp(
  async (app) => {
    await app.register(
      async (auth) => {
        await auth.register(signInRoute);
        await auth.register(signOutRoute);
        await auth.register(currentSessionRoute);
        await auth.register(registerRoute);
        await auth.register(getVerificationRoute);
        await auth.register(verifyCodeRoute);
        await auth.register(resendCodeRoute);
        await auth.register(startRecoveryRoute);
        await auth.register(resetPasswordRoute);
        await auth.register(startOidcSignInRoute);
        await auth.register(completeOidcSignInRoute);
        await auth.register(getSocialRegistrationRoute);
      },
      { prefix: '/api/auth' },
    );
  },
  { name: 'auth-routes', encapsulate: true, dependencies: ['database', 'clock', 'sessions', 'verifications', 'oidc-providers', 'rate-limits'] },
);
