import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../domain/realtime-events';
import { useSession } from '../session';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let shared: RealtimeSocket | null = null;
/** Who the shared socket's handshake was signed in as: a user id, null for a visitor, undefined before the session is known. */
let handshakeUserId: string | null | undefined;

/**
 * The one socket.io connection every live view shares, opened on first use: same origin, default
 * path, signed in by the session cookie its handshake carries. socket.io reconnects it by itself.
 */
export function realtimeSocket(): RealtimeSocket {
  shared ??= io({ withCredentials: true });
  return shared;
}

/**
 * The shared socket for a component. The server knows who a socket belongs to from its handshake
 * only, so when the person signs in or out without a reload the socket shakes hands again; views
 * listening for `connect` then watch their ads again as the new person.
 */
export function useRealtimeSocket(): RealtimeSocket {
  const socket = realtimeSocket();
  const session = useSession();
  const userId = session.data === undefined ? undefined : (session.data?.id ?? null);
  useEffect(() => {
    if (userId === undefined) return;
    if (handshakeUserId !== undefined && handshakeUserId !== userId) socket.disconnect().connect();
    handshakeUserId = userId;
  }, [socket, userId]);
  return socket;
}
