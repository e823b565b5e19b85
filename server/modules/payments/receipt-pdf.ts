import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { DEFAULT_TIME_ZONE, type Locale } from '../../../domain/locale';
import { decimalAmount, type Receipt } from '../../../domain/receipts';
import { paymentWords } from '../../i18n';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/package.json')), 'files');
/** The site's own typeface, whose Arabic and Latin letters come in separate files. */
const FONTS = {
  arabic: path.join(FONT_DIR, 'ibm-plex-sans-arabic-arabic-400-normal.woff'),
  arabicBold: path.join(FONT_DIR, 'ibm-plex-sans-arabic-arabic-700-normal.woff'),
  latin: path.join(FONT_DIR, 'ibm-plex-sans-arabic-latin-400-normal.woff'),
  latinBold: path.join(FONT_DIR, 'ibm-plex-sans-arabic-latin-700-normal.woff'),
};

// Letters with the marks that follow them (tanwin, shadda, harakat), so a word such as جدًا is shaped in one piece.
const ARABIC_LETTERS = /(?:[\u060C\u061B\u061F\u0621-\u064A\u066E-\u06D3\u06D5\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]\p{Mn}*)+/gu;
const PUNCTUATION_ONLY = /^[^\p{L}\p{N}]+$/u;
const PAGE_MARGIN = 50;
const QR_SIZE = 110;
const COLUMN_GAP = 24;

interface Run {
  text: string;
  arabic: boolean;
  /** A space separates it from the run before it in reading order. */
  spaced: boolean;
}

/**
 * A line cut into runs in reading order: each Arabic word alone (the Arabic file has no space glyph,
 * and words are ordered here), and what lies between them (digits, Latin words, punctuation) together.
 */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const [wordIndex, word] of text.replace(/٪/g, '%').split(/\s+/).filter(Boolean).entries()) {
    let cursor = 0;
    const pieces: Array<{ text: string; arabic: boolean }> = [];
    for (const match of word.matchAll(ARABIC_LETTERS)) {
      if (match.index > cursor) pieces.push({ text: word.slice(cursor, match.index), arabic: false });
      pieces.push({ text: match[0], arabic: true });
      cursor = match.index + match[0].length;
    }
    if (cursor < word.length) pieces.push({ text: word.slice(cursor), arabic: false });
    for (const [pieceIndex, piece] of pieces.entries()) {
      const spaced = wordIndex > 0 && pieceIndex === 0;
      const last = runs.at(-1);
      // Latin words and numbers in a row read left to right together; punctuation stays by the word it follows.
      if (last && !last.arabic && !piece.arabic && !PUNCTUATION_ONLY.test(piece.text) && !PUNCTUATION_ONLY.test(last.text)) last.text += `${spaced ? ' ' : ''}${piece.text}`;
      else runs.push({ ...piece, spaced });
    }
  }
  return runs;
}

/** The runs in the order they are drawn from the left: an Arabic line reads from the right; in a Latin line only Arabic words do. */
function visualOrder(runs: Run[], rtl: boolean): number[] {
  const logical = runs.map((_, index) => index);
  if (rtl) return logical.reverse();
  const order: number[] = [];
  let block: number[] = [];
  for (const index of logical) {
    if (runs[index]!.arabic) block.push(index);
    else {
      order.push(...block.reverse(), index);
      block = [];
    }
  }
  return [...order, ...block.reverse()];
}

/**
 * Writes one line and answers its width. pdfkit shapes an Arabic word and lays its letters right to
 * left, but does not order the words of a line, so they are placed here, from the right in an Arabic
 * line. A line too long for its width (a long package name or address) is drawn smaller, not over its neighbour.
 */
function writeLine(doc: PDFKit.PDFDocument, text: string, options: { x: number; y: number; width: number; rtl: boolean; size: number; bold?: boolean; align?: 'start' | 'end' }): number {
  const fontOf = (run: Run) => (run.arabic ? (options.bold ? 'arabicBold' : 'arabic') : options.bold ? 'latinBold' : 'latin');
  const runs = runsOf(text);
  const order = visualOrder(runs, options.rtl);
  const measure = (size: number) => {
    doc.fontSize(size);
    const space = doc.font('latin').widthOfString(' ');
    const gaps = order.map((index, position) => {
      const next = order[position + 1];
      if (next === undefined) return 0;
      return Math.abs(index - next) !== 1 || runs[Math.max(index, next)]!.spaced ? space : 0;
    });
    const widths = runs.map((run) => doc.font(fontOf(run)).widthOfString(run.text));
    const total = order.reduce((sum, index, position) => sum + widths[index]! + gaps[position]!, 0);
    return { widths, gaps, total };
  };
  let layout = measure(options.size);
  // Widths grow in proportion to the size, so one step down fits.
  if (layout.total > options.width) layout = measure((options.size * options.width) / layout.total);
  const fromRight = options.rtl !== (options.align === 'end');
  let cursor = fromRight ? options.x + options.width - layout.total : options.x;
  for (const [position, index] of order.entries()) {
    doc.font(fontOf(runs[index]!)).text(runs[index]!.text, cursor, options.y, { lineBreak: false });
    cursor += layout.widths[index]! + layout.gaps[position]!;
  }
  return layout.total;
}

/**
 * When the receipt was issued, on the marketplace's clock: dated mm/dd/yy as across the site, the time
 * of day in 24 hours, and the zone named so a buyer abroad knows whose clock it is. Latin digits and no
 * words, so it reads the same in both languages.
 */
function issuedAtText(timestamp: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_TIME_ZONE, year: '2-digit', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'shortOffset' }).formatToParts(timestamp);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} (${part('timeZoneName')})`;
}

const money = (amount: number, currency: string) => `${decimalAmount(amount, currency)} ${currency}`;

/** A receipt as a one-page A4 PDF in the person's language, with the tax invoice's QR code in Saudi Arabia. */
export async function receiptPdf(receipt: Receipt, locale: Locale): Promise<Buffer> {
  const words = paymentWords(locale);
  const rtl = locale === 'ar';
  const doc = new PDFDocument({ size: 'A4', margin: PAGE_MARGIN, info: { Title: `${receipt.number}`, Author: receipt.seller.name.en } });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const width = doc.page.width - 2 * PAGE_MARGIN;
  const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  let y = PAGE_MARGIN;
  // The heading's lines run beside the QR code, which stands at the line's end.
  const headingWidth = receipt.zatcaQr ? width - QR_SIZE - COLUMN_GAP : width;
  const line = (text: string, size: number, bold = false) => {
    writeLine(doc, text, { x: rtl ? PAGE_MARGIN + width - headingWidth : PAGE_MARGIN, y, width: headingWidth, rtl, size, bold });
    y += size * 1.8;
  };
  const row = (label: string, value: string, bold = false) => {
    const labelWidth = writeLine(doc, label, { x: PAGE_MARGIN, y, width, rtl, size: 11, bold });
    const valueWidth = width - labelWidth - COLUMN_GAP;
    writeLine(doc, value, { x: rtl ? PAGE_MARGIN : PAGE_MARGIN + width - valueWidth, y, width: valueWidth, rtl, size: 11, bold, align: 'end' });
    y += 22;
  };

  if (receipt.zatcaQr) {
    const qr = await QRCode.toBuffer(receipt.zatcaQr, { margin: 1, width: 240 });
    doc.image(qr, rtl ? PAGE_MARGIN : PAGE_MARGIN + width - QR_SIZE, PAGE_MARGIN, { width: QR_SIZE });
  }
  line(receipt.zatcaQr ? words.receipt.taxInvoiceTitle : words.receipt.title, 20, true);
  line(fill(words.receipt.number, { number: receipt.number }), 11);
  y += 8;
  line(receipt.seller.name[locale], 12, true);
  line(receipt.seller.address[locale], 10);
  line(fill(words.receipt.vatNumber, { number: receipt.seller.vatNumber }), 10);
  y = Math.max(y, PAGE_MARGIN + 130);
  doc.moveTo(PAGE_MARGIN, y).lineTo(PAGE_MARGIN + width, y).strokeColor('#cbd5e0').stroke();
  y += 14;
  row(words.receipt.issuedAt, issuedAtText(receipt.issuedAt));
  row(words.receipt.buyer, receipt.buyer.name);
  row(words.receipt.item, fill(words.receipt.itemLine, { name: receipt.item.name[locale], count: receipt.item.adCredits }));
  row(words.receipt.method, words.methods[receipt.method] ?? receipt.method);
  y += 6;
  doc.moveTo(PAGE_MARGIN, y).lineTo(PAGE_MARGIN + width, y).stroke();
  y += 14;
  row(words.receipt.net, money(receipt.net, receipt.currency));
  row(receipt.vatBasisPoints > 0 ? fill(words.receipt.vat, { rate: receipt.vatBasisPoints / 100 }) : words.noVat, money(receipt.vat, receipt.currency));
  row(words.total, money(receipt.total, receipt.currency), true);
  doc.end();
  return finished;
}
