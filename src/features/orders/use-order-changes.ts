import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SOCKET_EVENTS } from '../../../domain/realtime-events';
import { useRealtimeSocket } from '../../lib/realtime/socket';
import { ordersQueryKey } from './api/get-orders';

/**
 * The person's orders as the other side moves them: the server tells each of their sockets, and the
 * pages ask again; after a reconnect they ask again too, since a change may have passed meanwhile.
 */
export function useOrderChanges() {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    socket.on(SOCKET_EVENTS.ORDER_CHANGED, refresh);
    socket.on('connect', refresh);
    return () => {
      socket.off(SOCKET_EVENTS.ORDER_CHANGED, refresh);
      socket.off('connect', refresh);
    };
  }, [socket, queryClient]);
}
