import type { MediaKind } from '../../../domain/media';

export interface DetectedFileType {
  kind: MediaKind;
  mime: string;
}

/**
 * ISO base media major brands that mean MP4 video. QuickTime (`qt  `), HEIC/AVIF stills and 3GP
 * share the `ftyp` box but are not among the accepted formats.
 */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'mmp4', 'M4V ', 'M4VH', 'M4VP', 'dash', 'MSNV']);

/** How many first bytes detectFileType needs to decide; fewer only when the whole file is shorter. */
export const SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/**
 * What a file is, judged by its first bytes alone: the name and the browser's word are the
 * uploader's to choose, the bytes are what a viewer will actually decode. Null for anything else.
 */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'IMAGE', mime: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'IMAGE', mime: 'image/png' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { kind: 'IMAGE', mime: 'image/webp' };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(bytes, 8, 12))) return { kind: 'VIDEO', mime: 'video/mp4' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'VIDEO', mime: 'video/webm' };
  // An MPEG program stream opens with a pack header, an elementary video stream with a sequence header.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])) return { kind: 'VIDEO', mime: 'video/mpeg' };
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return { kind: 'DOCUMENT', mime: 'application/pdf' };
  return null;
}
