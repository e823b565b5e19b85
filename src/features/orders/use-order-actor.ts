import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { transition } from 'xstate';
import { ORDER_ACTIONS, type Order, type OrderAction } from '../../../domain/orders';
import { ORDER_COMPLETION_MS, ORDER_DELIVERY_CONFIRMATION_MS } from '../../../domain/timing';
import { ORDER_EVENTS, type OrderEvent, orderActionsOf, orderDeadlineOf, orderEventsOfHistory, orderMachine, orderStateOf, orderStatusOf } from '../../../machines/order.machine';
import { serverNow } from '../../lib/realtime/server-clock';

/** setTimeout's 32-bit limit: a deadline further off is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const sameActions = (a: OrderAction[], b: OrderAction[]) => a.join() === b.join();

/** The actor knows the two sides by their public names; the machine only compares them. */
const peopleOf = (order: Order) => ({ buyerId: order.buyer.slug, sellerId: order.seller.slug });

/** The order as made, moved through its history and then to the server's time now. */
function replayed(order: Order) {
  const events = orderEventsOfHistory(order.history, peopleOf(order));
  const made = orderStateOf('PLACED', {
    ...peopleOf(order),
    cashOnDeliveryAllowed: order.cashOnDeliveryAllowed,
    payBy: order.payBy,
    shippedAt: null,
    deliveredAt: null,
    deliveryConfirmationMs: ORDER_DELIVERY_CONFIRMATION_MS,
    completionMs: ORDER_COMPLETION_MS,
    cancelledBy: null,
    at: order.createdAt,
  });
  const now: OrderEvent = { type: ORDER_EVENTS.TICK, at: serverNow() };
  return { snapshot: [...events, now].reduce((snapshot, event) => transition(orderMachine, snapshot, event)[0], made), fed: events.length };
}

/**
 * The order machine running on the order's page (one page per order): placed where the order was
 * made and fed each move of its history as the server tells of it (over the socket, then the order
 * fetched again), telling itself the time at its next deadline. The page renders its state: the
 * status, what this person may do now, and when the order next moves by itself.
 */
export function useOrderActor(order: Order): Pick<Order, 'status' | 'actions' | 'nextDeadlineAt'> {
  const [placed] = useState(() => replayed(order));
  const fed = useRef(placed.fed);
  const actor = useActorRef(orderMachine, { snapshot: placed.snapshot, input: placed.snapshot.context });
  const { history } = order;
  const buyerId = order.buyer.slug;
  const sellerId = order.seller.slug;

  useEffect(() => {
    const events = orderEventsOfHistory(history, { buyerId, sellerId });
    for (const event of events.slice(fed.current)) actor.send(event);
    fed.current = events.length;
    actor.send({ type: ORDER_EVENTS.TICK, at: serverNow() });
  }, [actor, history, buyerId, sellerId]);

  const nextDeadlineAt = useSelector(actor, orderDeadlineOf);
  useEffect(() => {
    if (nextDeadlineAt === null) return;
    const timer = setTimeout(() => actor.send({ type: ORDER_EVENTS.TICK, at: serverNow() }), Math.min(Math.max(nextDeadlineAt - serverNow(), 0) + 50, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [actor, nextDeadlineAt]);

  const viewerId = order.side === 'bought' ? buyerId : sellerId;
  const status = useSelector(actor, orderStatusOf);
  const actions = useSelector(actor, (snapshot) => orderActionsOf(snapshot, viewerId, ORDER_ACTIONS), sameActions);
  return { status, actions, nextDeadlineAt };
}
