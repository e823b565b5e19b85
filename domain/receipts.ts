import { z } from 'zod';
import { localizedNameSchema } from './catalog';
import { minorUnitsPerMajor } from './money';
import { PAYMENT_METHODS } from './payments';

/** A successful payment's receipt; in Saudi Arabia a simplified tax invoice with its QR code. */
export const receiptSchema = z.object({
  number: z.string(),
  issuedAt: z.number(),
  seller: z.object({ name: localizedNameSchema, vatNumber: z.string(), address: localizedNameSchema }),
  buyer: z.object({ name: z.string() }),
  item: z.object({ kind: z.literal('SUBSCRIPTION'), name: localizedNameSchema, adCredits: z.number().int(), validityDays: z.number().int().nullable() }),
  method: z.enum(PAYMENT_METHODS),
  currency: z.string().length(3),
  /** Minor units; `total` includes `vat`. */
  total: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  vatBasisPoints: z.number().int(),
  countryCode: z.string().length(2),
  /** ZATCA phase 1 QR payload (base64 TLV), for Saudi receipts only. */
  zatcaQr: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A receipt's number as printed: sequential across the marketplace. */
export const receiptNumberOf = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;

/** An amount in major units with the currency's decimals, as tax documents write it ('49.00'). */
export function decimalAmount(minorUnits: number, currency: string): string {
  const perMajor = minorUnitsPerMajor(currency);
  return (minorUnits / perMajor).toFixed(Math.log10(perMajor));
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of bytes, the same in the browser and on the server. */
function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const [a, b, c] = [bytes[index]!, bytes[index + 1], bytes[index + 2]];
    out += BASE64[a >> 2]! + BASE64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : BASE64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : BASE64[c & 63]!;
  }
  return out;
}

function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const character of clean) {
    buffer = (buffer << 6) | BASE64.indexOf(character);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 255);
    }
  }
  return Uint8Array.from(bytes);
}

export interface ZatcaInvoiceFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  total: string;
  vat: string;
}

const ZATCA_TAGS = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vat'] as const;

/**
 * The QR payload ZATCA's phase 1 asks of a simplified tax invoice: tags 1 to 5 (seller's name, VAT
 * number, time, total with VAT, VAT), each as one byte of tag, one of length and the UTF-8 value.
 */
export function zatcaQrPayload(fields: ZatcaInvoiceFields): string {
  const encoder = new TextEncoder();
  const parts = ZATCA_TAGS.flatMap((tag, index) => {
    const value = encoder.encode(fields[tag]);
    if (value.length > 255) throw new Error(`${tag} is too long for a TLV field`);
    return [index + 1, value.length, ...value];
  });
  return toBase64(Uint8Array.from(parts));
}

/** Reads a phase 1 QR payload back into its fields, as a tax authority's reader does. */
export function readZatcaQrPayload(payload: string): ZatcaInvoiceFields {
  const bytes = fromBase64(payload);
  const decoder = new TextDecoder();
  const fields: Partial<ZatcaInvoiceFields> = {};
  for (let offset = 0; offset < bytes.length; ) {
    const tag = bytes[offset]!;
    const length = bytes[offset + 1]!;
    const name = ZATCA_TAGS[tag - 1];
    if (name) fields[name] = decoder.decode(bytes.subarray(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  return fields as ZatcaInvoiceFields;
}
