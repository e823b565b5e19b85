import fp from 'fastify-plugin';
import { ERROR_CODES, type ErrorCode } from '../../../domain/errors';
import { adRoom, type SocketCommandReply, SOCKET_EVENTS } from '../../../domain/realtime-events';
import { AppError } from '../../errors';
import { errorMessage, localeOfRequest } from '../../i18n';
import { assertAuction } from './auction-records';

/**
 * The auction's socket side: watching an ad (its room). Bids, like every other command, go over HTTP
 * (POST /api/ads/:slug/bids); the socket only tells the watchers what was committed.
 */
export default fp(
  async (app) => {
    app.io.on('connection', (socket) => {
      const locale = localeOfRequest(socket.handshake.headers);
      const refusal = (code: ErrorCode): SocketCommandReply<never> => ({ ok: false, error: { code, message: errorMessage(code, locale) } });
      /** A refusal the HTTP route would give, in the socket's language; anything else is the server's fault, and logged. */
      const answerRefusal = (ack: (reply: SocketCommandReply<never>) => void, error: unknown, failure: string) => {
        if (error instanceof AppError) return ack(refusal(error.code));
        app.log.error({ err: error }, failure);
        ack(refusal(ERROR_CODES.INTERNAL));
      };

      // Only a published auction has a room: a made-up id would only fill the server with empty rooms.
      // The socket joins at once and leaves if refused, so nothing said to the room while the ad is
      // read (its deletion, say) passes it by, and an unwatch sent meanwhile is not undone.
      socket.on(SOCKET_EVENTS.AD_WATCH, (adId, ack) => {
        if (typeof adId !== 'string' || typeof ack !== 'function') return;
        void socket.join(adRoom(adId));
        app.db
          .selectFrom('ads')
          .select(['status', 'type'])
          .where('id', '=', adId)
          .executeTakeFirst()
          .then((row) => {
            assertAuction(row);
            ack({ ok: true, result: null });
          })
          .catch((error: unknown) => {
            void socket.leave(adRoom(adId));
            answerRefusal(ack, error, 'watching an ad failed');
          });
      });
      socket.on(SOCKET_EVENTS.AD_UNWATCH, (adId) => {
        if (typeof adId === 'string') void socket.leave(adRoom(adId));
      });
    });
  },
  { name: 'auction-socket', dependencies: ['realtime', 'auctions'] },
);
