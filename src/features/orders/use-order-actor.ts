import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { transition } from 'xstate';
import { ORDER_ACTIONS, type Order, type OrderAction } from '../../../domain/orders';
import { LONGEST_TIMER_MS, ORDER_COMPLETION_MS, ORDER_DELIVERY_CONFIRMATION_MS, SECOND_MS } from '../../../domain/timing';
import { ORDER_EVENTS, orderActionsOf, orderDeadlineOf, orderEventsOfHistory, orderMachine, orderStateOf, orderStatusOf } from '../../../machines/order.machine';
import { onServerClockChange, serverNow } from '../../lib/realtime/server-clock';
import { ordersQueryKey } from './api/get-orders';

const sameActions = (a: OrderAction[], b: OrderAction[]) => a.join() === b.join();

/** The actor knows the two sides by their public names; the machine only compares them. */
const peopleOf = (order: Order) => ({ buyerId: order.buyer.slug, sellerId: order.seller.slug });

/**
 * The order placed where the server says it stands: its history replayed, moved on by the clock if
 * the server counted a deadline it has not yet written down, and failing both, the server's status
 * with the facts the history fixed. The server's word decides, whatever this device's clock says.
 */
function placedFromServer(order: Order) {
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
  const replayed = events.reduce((snapshot, event) => transition(orderMachine, snapshot, event)[0], made);
  const ticked = transition(orderMachine, replayed, { type: ORDER_EVENTS.TICK, at: serverNow() })[0];
  const snapshot = [replayed, ticked].find((candidate) => orderStatusOf(candidate) === order.status) ?? orderStateOf(order.status, replayed.context);
  return { snapshot, fed: events.length };
}

/**
 * The order machine running on the order's page: placed where the server says the order stands, then
 * fed each move of its history as the server tells of it (over the socket, then the order fetched
 * again), and told the time at its next deadline, when the server is asked too. When a fetched order
 * disagrees with it (a payment the server took just before the deadline the page saw pass, a device
 * clock astray), `onDiverged` has the page place it again from the server's answer.
 */
export function useOrderActor(order: Order, onDiverged: () => void): Pick<Order, 'status' | 'actions' | 'nextDeadlineAt'> {
  const queryClient = useQueryClient();
  const [placed] = useState(() => placedFromServer(order));
  const fed = useRef(placed.fed);
  const actor = useActorRef(orderMachine, { snapshot: placed.snapshot, input: placed.snapshot.context });
  const { history, status: serverStatus } = order;
  const buyerId = order.buyer.slug;
  const sellerId = order.seller.slug;

  // The server's clock, measured while the page shows deadlines by it.
  useEffect(() => onServerClockChange(() => {}), []);

  useEffect(() => {
    const events = orderEventsOfHistory(history, { buyerId, sellerId });
    for (const event of events.slice(fed.current)) actor.send(event);
    fed.current = events.length;
    if (orderStatusOf(actor.getSnapshot()) !== serverStatus) onDiverged();
  }, [actor, history, serverStatus, buyerId, sellerId, onDiverged]);

  const nextDeadlineAt = useSelector(actor, orderDeadlineOf);
  useEffect(() => {
    if (nextDeadlineAt === null || !Number.isFinite(nextDeadlineAt)) return;
    const timer = setTimeout(
      () => {
        actor.send({ type: ORDER_EVENTS.TICK, at: serverNow() });
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      },
      // A second past it, so a device clock running ahead of the estimate asks the server at most once a second.
      Math.min(Math.max(nextDeadlineAt - serverNow(), 0) + SECOND_MS, LONGEST_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [actor, nextDeadlineAt, queryClient]);

  const viewerId = order.side === 'bought' ? buyerId : sellerId;
  const status = useSelector(actor, orderStatusOf);
  const actions = useSelector(actor, (snapshot) => orderActionsOf(snapshot, viewerId, ORDER_ACTIONS), sameActions);
  return { status, actions, nextDeadlineAt };
}
