import type { Kysely } from 'kysely';
import type { PaymentMethod } from '../../../domain/payments';
import { decimalAmount, type Receipt, receiptNumberOf, zatcaQrPayload } from '../../../domain/receipts';
import { splitVat } from '../../../domain/tax';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/schema';
import { nameOf } from '../../db/localized-name';

/** The receipt of one of the person's successful payments; undefined for any other payment. */
export async function receiptOf(db: Kysely<Database>, seller: ServerConfig['seller'], paymentId: string, userId: string): Promise<Receipt | undefined> {
  const row = await db
    .selectFrom('payments as pay')
    .innerJoin('receipts as r', 'r.payment_id', 'pay.id')
    .innerJoin('users as u', 'u.id', 'pay.user_id')
    .innerJoin('subscriptions as s', 's.id', 'pay.subject_id')
    .innerJoin('subscription_packages as p', 'p.id', 's.package_id')
    .select(['pay.method', 'pay.amount', 'pay.currency', 'pay.country_code', 'pay.vat_basis_points', 'r.number', 'r.issued_at', 'u.first_name', 'u.last_name'])
    .select(['p.name_ar', 'p.name_en', 's.ad_credits', 'p.validity_days'])
    .where('pay.id', '=', paymentId)
    .where('pay.user_id', '=', userId)
    .where('pay.purpose', '=', 'SUBSCRIPTION')
    .executeTakeFirst();
  if (!row) return undefined;
  const { net, vat } = splitVat(row.amount, row.vat_basis_points);
  // Saudi Arabia asks a simplified tax invoice to carry its QR code; the other countries ask for none.
  const zatcaQr =
    row.country_code === 'SA'
      ? zatcaQrPayload({
          sellerName: seller.name.ar,
          vatNumber: seller.vatNumber,
          timestamp: new Date(row.issued_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          total: decimalAmount(row.amount, row.currency),
          vat: decimalAmount(vat, row.currency),
        })
      : null;
  return {
    number: receiptNumberOf(row.number),
    issuedAt: row.issued_at,
    seller,
    buyer: { name: `${row.first_name} ${row.last_name}` },
    item: { kind: 'SUBSCRIPTION', name: nameOf(row), adCredits: row.ad_credits, validityDays: row.validity_days },
    method: row.method as PaymentMethod,
    currency: row.currency,
    total: row.amount,
    net,
    vat,
    vatBasisPoints: row.vat_basis_points,
    countryCode: row.country_code,
    zatcaQr,
  };
}
