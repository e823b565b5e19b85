import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderSide, OrderSummary } from '../../../../domain/orders';
import { api } from '../../../lib/api-client';

/** Every order query starts with this key, so one change asks them all again. */
export const ordersQueryKey = ['orders'] as const;

export const ordersQueryOptions = (side: OrderSide) => queryOptions({ queryKey: [...ordersQueryKey, 'list', side], queryFn: () => api.get<OrderSummary[]>(`/orders?side=${side}`) });

export const orderQueryOptions = (orderId: string) => queryOptions({ queryKey: [...ordersQueryKey, 'one', orderId], queryFn: () => api.get<Order>(`/orders/${encodeURIComponent(orderId)}`) });

export const useOrders = (side: OrderSide) => useQuery(ordersQueryOptions(side));

export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));
