import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../domain/errors';
import { AppError } from './errors';

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1) by a dual-stack socket. */
function isLoopbackAddress(address: string): boolean {
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return ipv4.startsWith('127.') || address === '::1';
}

/**
 * Whether a request comes from the machine the server runs on. `request.ip` is the socket's peer
 * unless a trusted proxy named the client. A forwarding header the server did not act on means a
 * proxy on this machine relayed someone from elsewhere, who is not local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const relayedByUntrustedProxy =
    (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) && request.ip === request.socket.remoteAddress;
  return isLoopbackAddress(request.ip) && !relayedByUntrustedProxy;
}

/** A hook for the dev tools, which hand out one-time codes: anyone else on the network is refused. */
export async function refuseUnlessLocal(request: FastifyRequest): Promise<void> {
  if (!isLocalRequest(request)) throw new AppError(ERROR_CODES.DEV_TOOLS_LOCAL_ONLY);
}

/** A dev tool's route: registered outside production only, and refusing anyone but this machine. */
export function devToolRoute(route: FastifyPluginAsync): FastifyPluginAsync {
  return async (app) => {
    if (!app.config.exposeDevTools) return;
    app.addHook('onRequest', refuseUnlessLocal);
    await app.register(route);
  };
}
