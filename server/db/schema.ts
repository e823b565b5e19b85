import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Timestamps are integer milliseconds since the epoch, money is
 * integer minor units, flags are 0/1 integers: the same values on SQLite and PostgreSQL.
 */
export interface Database {
  countries: CountryTable;
  cities: CityTable;
  categories: CategoryTable;
  brands: BrandTable;
  users: UserTable;
  sessions: SessionTable;
  ads: AdTable;
  contact_messages: ContactMessageTable;
  outbox: OutboxTable;
  pending_messages: PendingMessageTable;
  verification_codes: VerificationCodeTable;
  rate_limits: RateLimitTable;
  user_identities: UserIdentityTable;
  oidc_logins: OidcLoginTable;
  social_registrations: SocialRegistrationTable;
  subscription_packages: SubscriptionPackageTable;
  subscription_package_prices: SubscriptionPackagePriceTable;
  subscriptions: SubscriptionTable;
  payments: PaymentTable;
  payment_webhook_events: PaymentWebhookEventTable;
  receipt_counter: ReceiptCounterTable;
  receipts: ReceiptTable;
  sandbox_card_tokens: SandboxCardTokenTable;
  sandbox_payments: SandboxPaymentTable;
  sandbox_idempotent_answers: SandboxIdempotentAnswerTable;
  sandbox_webhooks: SandboxWebhookTable;
  ad_countries: AdCountryTable;
  media: MediaTable;
  favorites: FavoriteTable;
  offers: OfferTable;
  auction_bidders: AuctionBidderTable;
  ad_participants: AdParticipantTable;
  ad_search: AdSearchTable;
  listing_changes: ListingChangesTable;
  command_receipts: CommandReceiptTable;
  orders: OrderTable;
  order_events: OrderEventTable;
  negotiations: NegotiationTable;
}

export interface CountryTable {
  code: string;
  dial_code: string;
  currency: string;
  sort_order: number;
}

export interface CityTable {
  id: number;
  country_code: string;
  name_ar: string;
  name_en: string;
}

export interface CategoryTable {
  id: number;
  parent_id: number | null;
  slug: string;
  name_ar: string;
  name_en: string;
  icon: string;
  sort_order: number;
}

export interface BrandTable {
  id: number;
  category_id: number;
  name_ar: string;
  name_en: string;
}

export interface UserTable {
  id: string;
  slug: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country_code: string;
  city_id: number | null;
  password_hash: string;
  about: string;
  created_at: number;
  /** Set once a code has been entered: the account is active. */
  verified_at: number | null;
  /** Set once a code sent by email has been entered: the address is proven to be the person's. */
  email_verified_at: number | null;
  /** The language the person last read the site in (`Locale`); null until known. */
  locale: string | null;
}

export interface SessionTable {
  /** SHA-256 of the cookie's token, so a leaked table opens no session. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

/** A draft may lack what a published ad must have; `domain/ad-form.ts` says what publishing needs. */
export interface AdTable {
  id: string;
  slug: string;
  owner_id: string;
  type: string;
  /** DRAFT, PUBLISHED, ENDED or DELETED; a published ad whose `ends_at` has passed has ended too. */
  status: string;
  title: string;
  description: string;
  category_id: number | null;
  subcategory_id: number | null;
  brand_id: number | null;
  condition: string | null;
  currency: string;
  price: number | null;
  shipping_type: string | null;
  shipping_fee: number | null;
  opening_amount: number | null;
  on_back_price: number | null;
  instant_purchase_amount: number | null;
  allow_decimal_bids: number;
  negotiable: number;
  /** Whether the seller takes cash on delivery for this ad. */
  cash_on_delivery: Generated<number>;
  returnable: number;
  country_code: string;
  city_id: number | null;
  starts_now: Generated<number>;
  starts_at: number | null;
  ends_at: number | null;
  auction_duration_ms: number | null;
  sub_auction_duration_ms: number | null;
  live_link: string | null;
  offers_visible_to_subscribers: number;
  /** JSON array of strings. */
  keywords: Generated<string>;
  main_image_id: string | null;
  round: Generated<number>;
  bid_count: Generated<number>;
  seq: Generated<number>;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  ended_at: number | null;
  /** The current round's own schedule (a live auction's sub-auction); null follows `starts_at`/`ends_at`. */
  round_starts_at: number | null;
  round_ends_at: number | null;
  /** How the current round was closed: FINALISED, DECLINED or BOUGHT_OUTRIGHT (domain/auction.ts). */
  round_outcome: string | null;
  round_outcome_at: number | null;
  round_buyer_id: string | null;
  /** What the round was bought outright for: the instant purchase amount, or a lower one agreed by negotiation. */
  round_sale_amount: number | null;
  highest_offer_id: string | null;
  /** The auction phase last broadcast to watchers; the deadline scheduler announces each change once. */
  announced_phase: string | null;
  /** When the auction next changes by time, or when a change of it is still to be announced; null when time changes it no more. */
  next_deadline_at: number | null;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  locale: string;
  user_id: string | null;
  created_at: number;
}

/** A message sent unasked, waiting for its channel to take it (`app.messages.enqueue`). */
export interface PendingMessageTable {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: Generated<number>;
  /** When it is next tried; moved on while a node is trying it, so another does not try it too. */
  next_attempt_at: number;
  created_at: number;
}

export interface OutboxTable {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface VerificationCodeTable {
  id: string;
  user_id: string;
  /** One of CODE_PURPOSES. */
  purpose: string;
  channel: string;
  /** Where the code went: the account's address, or the new one for a contact change. */
  destination: string;
  /** The recipient's language, so a resend speaks it too. */
  locale: string;
  /** SHA-256 of the code: six digits are few, but a read of the table still reveals none. */
  code_hash: string;
  attempts: Generated<number>;
  /** How many codes this verification has sent; capped, so resends cannot reset guessing forever. */
  sends: Generated<number>;
  expires_at: number;
  resend_available_at: number;
  verified_at: number | null;
  reset_token_hash: string | null;
  reset_expires_at: number | null;
  created_at: number;
}

export interface RateLimitTable {
  key: string;
  window_started_at: number;
  hits: number;
}

export interface UserIdentityTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: number;
}

/** A social sign-in on its way through the provider: what the callback must match. */
export interface OidcLoginTable {
  state: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  redirect_to: string;
  expires_at: number;
}

/** A provider's identity with no account yet, waiting for the registration form. */
export interface SocialRegistrationTable {
  token_hash: string;
  provider: string;
  subject: string;
  email: string;
  first_name: string;
  last_name: string;
  expires_at: number;
}

export interface SubscriptionPackageTable {
  id: string;
  slug: string;
  name_ar: string;
  name_en: string;
  description_ar: string;
  description_en: string;
  validity_days: number | null;
  ad_credits: number;
  is_free: number;
  /** 0: taken off sale; the subscriptions that bought it still read it. */
  on_sale: number;
  sort_order: number;
}

/** A package's tax-included price in one currency, in minor units. */
export interface SubscriptionPackagePriceTable {
  package_id: string;
  currency: string;
  amount: number;
}

export interface SubscriptionTable {
  id: string;
  user_id: string;
  package_id: string;
  /** PENDING_PAYMENT, ACTIVE or CANCELED; Expired is read from `ends_at` (machines/subscription.machine.ts). */
  status: string;
  price: number;
  currency: string;
  ad_credits: number;
  ad_credits_remaining: number;
  paid_at: number | null;
  starts_at: number;
  ends_at: number | null;
  canceled_at: number | null;
  payment_id: string | null;
  created_at: number;
}

/** A payment for a subscription (later an order), as the server recorded the provider's answers. */
export interface PaymentTable {
  id: string;
  user_id: string;
  purpose: string;
  subject_id: string;
  method: string;
  amount: number;
  currency: string;
  country_code: string;
  vat_basis_points: number;
  status: string;
  failure: string | null;
  provider: string;
  provider_payment_id: string | null;
  action_url: string | null;
  idempotency_key: string;
  created_at: number;
  updated_at: number;
  succeeded_at: number | null;
  refunded_at: number | null;
}

export interface ReceiptCounterTable {
  id: number;
  last_number: number;
}

/** The receipt of a successful payment, numbered in one sequence across the marketplace. */
export interface ReceiptTable {
  payment_id: string;
  number: number;
  issued_at: number;
}

export interface PaymentWebhookEventTable {
  provider: string;
  event_id: string;
  received_at: number;
}

export interface SandboxCardTokenTable {
  token: string;
  brand: string;
  last4: string;
  outcome: string;
  created_at: number;
}

export interface SandboxPaymentTable {
  id: string;
  amount: number;
  currency: string;
  method: string;
  status: string;
  failure: string | null;
  /** What the challenge or approval screen will end in, once the person answers it. */
  pending_outcome: string | null;
  return_url: string | null;
  created_at: number;
  updated_at: number;
}

export interface SandboxIdempotentAnswerTable {
  key: string;
  answer: string;
  created_at: number;
}

export interface SandboxWebhookTable {
  id: string;
  event_id: string;
  payload: string;
  deliver_at: number;
  delivered_at: number | null;
  attempts: number;
}

export interface AdCountryTable {
  ad_id: string;
  country_code: string;
}

/** An uploaded file: IMAGE, VIDEO or DOCUMENT. Unattached (`ad_id` null) until an ad is saved with it. */
export interface MediaTable {
  id: string;
  owner_id: string;
  ad_id: string | null;
  kind: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  original_name: string;
  position: number;
  created_at: number;
}

export interface FavoriteTable {
  user_id: string;
  ad_id: string;
  created_at: number;
}

/** A bid, tender offer or negotiation offer on one round of an ad; awarded once the owner picks it. */
export interface OfferTable {
  id: string;
  ad_id: string;
  user_id: string;
  round: number;
  amount: number;
  /** The server's receipt time. */
  created_at: number;
  awarded_at: number | null;
  /** The ad's change counter when the bid was accepted (null for offers of other kinds). */
  seq: number | null;
}

/** Where one bidder stands in one round of an auction, written with their bids. */
export interface AuctionBidderTable {
  ad_id: string;
  round: number;
  user_id: string;
  highest_amount: number;
  bid_count: number;
}

/** A subscriber or participant of a private auction or tender. */
export interface AdParticipantTable {
  ad_id: string;
  user_id: string;
  created_at: number;
  /** REQUESTED, ACCEPTED or REJECTED (domain/auction.ts); only ACCEPTED participants may bid. */
  status: Generated<string>;
  added_by_owner: Generated<number>;
  updated_at: number | null;
}

/** A keyed command's answer, returned again to a retry of the same key (DESIGN.md section 4). */
export interface CommandReceiptTable {
  user_id: string;
  idempotency_key: string;
  command: string;
  ad_id: string;
  /** The JSON the command answered with. */
  result: string;
  created_at: number;
}

/** A sale of one round of an ad, followed to completed or cancelled (machines/order.machine.ts). */
export interface OrderTable {
  id: string;
  ad_id: string;
  round: number;
  buyer_id: string;
  seller_id: string;
  /** domain/orders.ts ORDER_KINDS. */
  kind: string;
  amount: number;
  shipping_fee: Generated<number>;
  currency: string;
  created_at: number;
  /** domain/orders.ts ORDER_STATUSES. */
  status: Generated<string>;
  cash_on_delivery_allowed: Generated<number>;
  pay_by: number | null;
  /** ONLINE or CASH_ON_DELIVERY, once the buyer chose. */
  payment_mode: string | null;
  /** The latest online payment started for the order. */
  payment_id: string | null;
  tracking_note: string | null;
  shipped_at: number | null;
  delivered_at: number | null;
  /** BUYER, SELLER or TIME. */
  cancelled_by: string | null;
  cancel_reason: string | null;
  /** When the order moves by itself next (the deadline job reads it). */
  next_deadline_at: number | null;
  updated_at: number | null;
}

/** One buyer's negotiation on one round of an ad (machines/negotiation.machine.ts). */
export interface NegotiationTable {
  id: string;
  ad_id: string;
  round: number;
  buyer_id: string;
  /** domain/negotiation.ts NEGOTIATION_STATUSES. */
  status: string;
  attempts_used: number;
  offer_amount: number;
  offer_at: number;
  offer_expires_at: number;
  counter_amount: number | null;
  counter_at: number | null;
  counter_expires_at: number | null;
  agreed_amount: number | null;
  order_by: number | null;
  /** The order made at the agreed price. */
  order_id: string | null;
  /** When it moves by itself next: an offer's or counter-offer's expiry, the end of the order window. */
  next_deadline_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One move of an order, for its history. */
export interface OrderEventTable {
  order_id: string;
  position: number;
  status: string;
  /** domain/orders.ts ORDER_ACTORS. */
  actor: string;
  note: string | null;
  at: number;
}

/** The normalised words an ad is found by (migration 0004); only `search-index.ts` writes it. */
export interface AdSearchTable {
  ad_id: string;
  body: string;
}

/** One row: raised by triggers with every write that changes what a listing finds (migration 0010). */
export interface ListingChangesTable {
  id: number;
  version: number;
}

