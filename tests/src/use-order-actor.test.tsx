// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderEvent as OrderHistoryStep } from '../../domain/orders';
import { DAY_MS, HOUR_MS, ORDER_DELIVERY_CONFIRMATION_MS, ORDER_PAYMENT_WINDOW_MS } from '../../domain/timing';
import { useOrderActor } from '../../src/features/orders/use-order-actor';

const PLACED_AT = Date.UTC(2030, 0, 1, 9, 0, 0);

/** An order as the server answers it, at the history given; the statuses and actions are the actor's to work out. */
function orderWith(side: Order['side'], history: OrderHistoryStep[]): Order {
  return {
    id: 'order-1', kind: 'INSTANT_PURCHASE', status: 'PLACED', side,
    ad: { slug: 'ad', title: 'Ad', mainImageId: null },
    buyer: { slug: 'buyer', fullName: 'Buyer' }, seller: { slug: 'seller', fullName: 'Seller' },
    amount: 10_000, shippingFee: 0, total: 10_000, currency: 'SAR', paymentMode: null, cashOnDeliveryAllowed: true,
    payBy: PLACED_AT + ORDER_PAYMENT_WINDOW_MS, trackingNote: null, cancelReason: null, nextDeadlineAt: null, actions: [],
    payment: null, createdAt: PLACED_AT, updatedAt: PLACED_AT, nextBidder: null,
    history: [{ status: 'PLACED', by: 'BUYER', note: null, at: PLACED_AT }, ...history],
  };
}

describe('an order page’s running machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(PLACED_AT + HOUR_MS);
  });
  afterEach(() => vi.useRealTimers());

  it('takes the moves the server tells of, offers each side its own, and moves by itself at a deadline', () => {
    const { result, rerender } = renderHook(({ order }) => useOrderActor(order), { initialProps: { order: orderWith('bought', []) } });
    expect(result.current).toEqual({ status: 'PLACED', actions: ['PAY', 'CHOOSE_CASH_ON_DELIVERY', 'CANCEL'], nextDeadlineAt: PLACED_AT + ORDER_PAYMENT_WINDOW_MS });

    const cashOnDelivery: OrderHistoryStep = { status: 'CASH_ON_DELIVERY', by: 'BUYER', note: null, at: PLACED_AT + HOUR_MS };
    const shipped: OrderHistoryStep = { status: 'SHIPPED', by: 'SELLER', note: 'Aramex 88', at: PLACED_AT + 2 * HOUR_MS };
    act(() => vi.setSystemTime(PLACED_AT + 2 * HOUR_MS));
    rerender({ order: orderWith('bought', [cashOnDelivery, shipped]) });
    expect(result.current).toEqual({ status: 'SHIPPED', actions: ['CONFIRM_DELIVERY'], nextDeadlineAt: shipped.at + ORDER_DELIVERY_CONFIRMATION_MS });

    // Nobody confirms: at the deadline the page's machine takes the delivery as made, without asking the server.
    act(() => vi.advanceTimersByTime(ORDER_DELIVERY_CONFIRMATION_MS));
    expect(result.current.status).toBe('DELIVERED');
    expect(result.current.actions).toEqual([]);
  });

  it('is placed from the whole history when the page opens, for the seller’s side', () => {
    const cancelled: OrderHistoryStep = { status: 'CANCELLED', by: 'SELLER', note: 'Out of stock', at: PLACED_AT + HOUR_MS };
    const { result } = renderHook(() => useOrderActor(orderWith('sold', [cancelled])));
    expect(result.current).toEqual({ status: 'CANCELLED', actions: [], nextDeadlineAt: null });
    const { result: unpaid } = renderHook(() => useOrderActor(orderWith('sold', [])));
    expect(unpaid.current.actions).toEqual(['CANCEL']);
    act(() => vi.advanceTimersByTime(ORDER_PAYMENT_WINDOW_MS + DAY_MS));
    expect(unpaid.current.status).toBe('CANCELLED');
  });
});
