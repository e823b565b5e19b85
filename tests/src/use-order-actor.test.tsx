// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderEvent as OrderHistoryStep, OrderStatus } from '../../domain/orders';
import { HOUR_MS, MINUTE_MS, ORDER_COMPLETION_MS, ORDER_DELIVERY_CONFIRMATION_MS, ORDER_PAYMENT_WINDOW_MS, SECOND_MS } from '../../domain/timing';
import { useOrderActor } from '../../src/features/orders/use-order-actor';

// The device's clock stands for the server's here; the page's own measuring needs a socket.
vi.mock('../../src/lib/realtime/server-clock', () => ({ serverNow: () => Date.now(), onServerClockChange: () => () => {} }));

const PLACED_AT = Date.UTC(2030, 0, 1, 9, 0, 0);
const PAY_BY = PLACED_AT + ORDER_PAYMENT_WINDOW_MS;

/** An order as the server answers it: where it stands, and the history that brought it there. */
function orderAs(side: Order['side'], status: OrderStatus, history: OrderHistoryStep[]): Order {
  return {
    id: 'order-1', kind: 'INSTANT_PURCHASE', status, side,
    ad: { slug: 'ad', title: 'Ad', mainImageId: null },
    buyer: { slug: 'buyer', fullName: 'Buyer' }, seller: { slug: 'seller', fullName: 'Seller' },
    amount: 10_000, shippingFee: 0, total: 10_000, currency: 'SAR', paymentMode: null, cashOnDeliveryAllowed: true,
    payBy: PAY_BY, trackingNote: null, cancelReason: null, nextDeadlineAt: null, actions: [],
    payment: null, createdAt: PLACED_AT, updatedAt: history.at(-1)?.at ?? PLACED_AT, nextBidder: null,
    history: [{ status: 'PLACED', by: 'BUYER', note: null, at: PLACED_AT }, ...history],
  };
}

function renderPage(order: Order) {
  const onDiverged = vi.fn();
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(({ order: shown }) => useOrderActor(shown, onDiverged), { initialProps: { order }, wrapper });
  return { ...hook, onDiverged };
}

describe('an order page’s running machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(PLACED_AT + HOUR_MS);
  });
  afterEach(() => vi.useRealTimers());

  it('takes the moves the server tells of, offers each side its own, and moves by itself at a deadline', () => {
    const { result, rerender, onDiverged } = renderPage(orderAs('bought', 'PLACED', []));
    expect(result.current).toEqual({ status: 'PLACED', actions: ['PAY', 'CHOOSE_CASH_ON_DELIVERY', 'CANCEL'], nextDeadlineAt: PAY_BY });

    const cashOnDelivery: OrderHistoryStep = { status: 'CASH_ON_DELIVERY', by: 'BUYER', note: null, at: PLACED_AT + HOUR_MS };
    const shipped: OrderHistoryStep = { status: 'SHIPPED', by: 'SELLER', note: 'Aramex 88', at: PLACED_AT + 2 * HOUR_MS };
    act(() => vi.setSystemTime(shipped.at));
    rerender({ order: orderAs('bought', 'SHIPPED', [cashOnDelivery, shipped]) });
    expect(result.current).toEqual({ status: 'SHIPPED', actions: ['CONFIRM_DELIVERY'], nextDeadlineAt: shipped.at + ORDER_DELIVERY_CONFIRMATION_MS });

    // Nobody confirms: past the deadline the page's machine takes the delivery as made, and asks the server.
    act(() => vi.advanceTimersByTime(ORDER_DELIVERY_CONFIRMATION_MS + SECOND_MS));
    expect(result.current).toEqual({ status: 'DELIVERED', actions: [], nextDeadlineAt: expect.any(Number) });
    expect(onDiverged).not.toHaveBeenCalled();
  });

  it('is placed where the server says the order stands, whatever the device’s clock, and placed again when the server disagrees', () => {
    // The device runs a minute past the time to pay; the server has not cancelled the order.
    vi.setSystemTime(PAY_BY + MINUTE_MS);
    const { result, rerender, onDiverged } = renderPage(orderAs('bought', 'PLACED', []));
    expect(result.current.status).toBe('PLACED');
    expect(result.current.actions).toContain('PAY');

    // Its own timer moves it on and asks the server, which took a payment just before the time ran out.
    act(() => vi.advanceTimersByTime(2 * SECOND_MS));
    expect(result.current.status).toBe('CANCELLED');
    const paying: OrderHistoryStep = { status: 'AWAITING_PAYMENT', by: 'BUYER', note: null, at: PAY_BY - 2 * MINUTE_MS };
    const paid: OrderHistoryStep = { status: 'PAID', by: 'PAYMENT', note: null, at: PAY_BY - MINUTE_MS };
    rerender({ order: orderAs('bought', 'PAID', [paying, paid]) });
    expect(onDiverged).toHaveBeenCalledOnce();
  });

  it('takes the server’s word for a deadline it counted but has not written down yet', () => {
    const cashOnDelivery: OrderHistoryStep = { status: 'CASH_ON_DELIVERY', by: 'BUYER', note: null, at: PLACED_AT + HOUR_MS };
    const sent: OrderHistoryStep = { status: 'SHIPPED', by: 'SELLER', note: null, at: PLACED_AT + 2 * HOUR_MS };
    vi.setSystemTime(sent.at + ORDER_DELIVERY_CONFIRMATION_MS + MINUTE_MS);
    const { result, onDiverged } = renderPage(orderAs('sold', 'DELIVERED', [cashOnDelivery, sent]));
    expect(result.current).toEqual({ status: 'DELIVERED', actions: [], nextDeadlineAt: sent.at + ORDER_DELIVERY_CONFIRMATION_MS + ORDER_COMPLETION_MS });
    expect(onDiverged).not.toHaveBeenCalled();
  });

  it('shows the seller a cancelled order as the history left it', () => {
    const cancelled: OrderHistoryStep = { status: 'CANCELLED', by: 'SELLER', note: 'Out of stock', at: PLACED_AT + HOUR_MS };
    const { result } = renderPage(orderAs('sold', 'CANCELLED', [cancelled]));
    expect(result.current).toEqual({ status: 'CANCELLED', actions: [], nextDeadlineAt: null });
  });
});
