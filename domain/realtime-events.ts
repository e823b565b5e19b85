import type { AuctionChange } from './auction';
import type { OrderStatus } from './orders';

/** Every socket.io event name, in one map, so client and server cannot drift apart. */
export const SOCKET_EVENTS = {
  CLOCK_PING: 'clock:ping',
  /** Join and leave the room `ad:<id>` of one auction's watchers. */
  AD_WATCH: 'ad:watch',
  AD_UNWATCH: 'ad:unwatch',
  /** To `ad:<id>`: a change (`AuctionChange`): one command's, or a run of bids told at once, with the whole auction after it. */
  AUCTION_CHANGED: 'auction:changed',
  /** To `ad:<id>`: the owner deleted the ad, so its page is no longer available. */
  AD_REMOVED: 'ad:removed',
  /** To `user:<id>` of a private ad's owner and of the person concerned: a join request was made or decided, or a participant added. */
  PARTICIPATION_CHANGED: 'participation:changed',
  /** To `user:<id>` of an order's buyer and seller: the order moved (`{ orderId, status }`). */
  ORDER_CHANGED: 'order:changed',
  /** To `user:<id>` of an ad's owner and of a buyer negotiating on it: an offer was made or answered (`{ slug }`, the ad's). */
  NEGOTIATION_CHANGED: 'negotiation:changed',
  /** To `user:<id>` of the payer: the provider's answer settled one of their payments (`{ paymentId }`), as a late webhook may. */
  PAYMENT_SETTLED: 'payment:settled',
  /**
   * To every socket, once a server node's connection to the other nodes broke and is back: what it and
   * they said to each other's sockets meanwhile is lost, so whatever a page shows live is fetched again
   * (an auction: watched again, then its snapshot).
   */
  LIVE_VIEWS_STALE: 'live:stale',
} as const;

/** The socket.io room of one ad's watchers. */
export const adRoom = (adId: string) => `ad:${adId}`;
/** The socket.io room of one person's sockets (every tab they have open). */
export const userRoom = (userId: string) => `user:${userId}`;

export interface ClockPingAck {
  /** Server time in ms since the epoch when the ping was handled. */
  serverTime: number;
}

/** A command refused: the code and message the HTTP route would give, or RATE_LIMITED past the socket's rate. */
export type SocketCommandRefusal = { ok: false; error: { code: string; message: string } };
/** A command's answer over the socket: the committed result, or its refusal. */
export type SocketCommandReply<T> = { ok: true; result: T } | SocketCommandRefusal;

export interface ClientToServerEvents {
  [SOCKET_EVENTS.CLOCK_PING]: (ack: (reply: ClockPingAck | SocketCommandRefusal) => void) => void;
  [SOCKET_EVENTS.AD_WATCH]: (adId: string, ack: (reply: SocketCommandReply<null>) => void) => void;
  [SOCKET_EVENTS.AD_UNWATCH]: (adId: string) => void;
}

export interface ServerToClientEvents {
  [SOCKET_EVENTS.AUCTION_CHANGED]: (change: AuctionChange) => void;
  [SOCKET_EVENTS.AD_REMOVED]: (removal: { adId: string }) => void;
  [SOCKET_EVENTS.PARTICIPATION_CHANGED]: (change: { adId: string }) => void;
  [SOCKET_EVENTS.ORDER_CHANGED]: (change: { orderId: string; status: OrderStatus }) => void;
  [SOCKET_EVENTS.NEGOTIATION_CHANGED]: (change: { slug: string }) => void;
  [SOCKET_EVENTS.PAYMENT_SETTLED]: (settled: { paymentId: string }) => void;
  [SOCKET_EVENTS.LIVE_VIEWS_STALE]: () => void;
}
