/** Units, so durations read as what they are (`5 * MINUTE_MS`). */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Timings of SPEC.md sections 2 and 9. */
export const BUILD_CHECK_DELAY_MS = 1000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** A route change shows its progress only once it has been pending this long (SPEC.md section 2). */
export const ROUTE_TRANSITION_DELAY_MS = 100;
/** After an auction's end, the owner has this long to finalise the winner (SPEC.md sections 4 and 9). */
export const FINAL_WINDOW_MS = 60_000;
/** An order's buyer has this long to pay, or to choose cash on delivery, before it is cancelled by time. */
export const ORDER_PAYMENT_WINDOW_MS = 48 * HOUR_MS;
/** A shipped order the buyer has not confirmed is taken as delivered this long after shipping. */
export const ORDER_DELIVERY_CONFIRMATION_MS = 10 * DAY_MS;
/** A delivered order completes this long after delivery: the time to raise a problem with it. */
export const ORDER_COMPLETION_MS = 3 * DAY_MS;
/** An open offer or counter-offer expires this long after it was made, by server time. */
export const NEGOTIATION_OFFER_TTL_MS = 48 * HOUR_MS;
/** After a price is agreed, the buyer may order at it this long, and the ad is held for them meanwhile. */
export const NEGOTIATED_ORDER_WINDOW_MS = 24 * HOUR_MS;

/** The longest a timer can wait (setTimeout's 32-bit limit, under 25 days); a later deadline is waited for in steps. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;
