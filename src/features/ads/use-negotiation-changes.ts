import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SOCKET_EVENTS } from '../../../domain/realtime-events';
import { useRealtimeSocket } from '../../lib/realtime/socket';
import { refreshNegotiations } from './api/negotiation';

/** The ad's negotiations as the other side moves them: the server tells both people's sockets, and the panel asks again. */
export function useNegotiationChanges(slug: string) {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChange = (change: { slug: string }) => {
      if (change.slug === slug) void refreshNegotiations(queryClient, slug);
    };
    const onConnect = () => void refreshNegotiations(queryClient, slug);
    socket.on(SOCKET_EVENTS.NEGOTIATION_CHANGED, onChange);
    socket.on('connect', onConnect);
    return () => {
      socket.off(SOCKET_EVENTS.NEGOTIATION_CHANGED, onChange);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient, slug]);
}
