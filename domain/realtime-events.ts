import { z } from 'zod';

/** Every socket.io event name, in one map, so client and server cannot drift apart. */
export const SOCKET_EVENTS = {
  CLOCK_PING: 'clock:ping',
} as const;

export const clockPingAckSchema = z.object({
  /** Server time in ms since the epoch when the ping was handled. */
  serverTime: z.number(),
});
export type ClockPingAck = z.infer<typeof clockPingAckSchema>;

export interface ClientToServerEvents {
  [SOCKET_EVENTS.CLOCK_PING]: (ack: (reply: ClockPingAck) => void) => void;
}
// The server pushes nothing yet; later issues add ad and user events here.
export type ServerToClientEvents = Record<never, never>;
