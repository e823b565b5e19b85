import type { RuntimeConfig } from '../../domain/runtime-config';
import { APP_FILES_ELEMENT_ID } from '../../domain/app-files';
import { FIRST_VIEW_STATE_ELEMENT_ID, type RenderedPage, RUNTIME_CONFIG_ELEMENT_ID } from '../../domain/runtime-config';
import { directionOf } from '../../domain/locale';
import { pageMeta } from '../i18n';

const HTML_OPEN_TAG = /<html[^>]*>/i;
const HEAD_MARKER = '<!--app-head-->';
const EMPTY_ROOT = '<div id="root"></div>';
/** A stylesheet the template carries inline (`withInlineStylesheets`), which the page's policy lets in by its nonce. */
const TEMPLATE_STYLE = '<style>';

/** Text made safe inside HTML, an attribute's value included. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside a <script> element must never close the element or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** What a shared link previews: a page's own title, description and picture (absolute URLs). */
export interface PagePreview {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
}

const PREVIEW_DESCRIPTION_LENGTH = 200;

function previewTags(preview: PagePreview, siteName: string): string[] {
  const description = preview.description.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_DESCRIPTION_LENGTH);
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  return [
    property('og:type', 'product'),
    property('og:site_name', siteName),
    property('og:title', preview.title),
    property('og:description', description),
    property('og:url', preview.url),
    ...(preview.imageUrl ? [property('og:image', preview.imageUrl)] : []),
    `<meta name="twitter:card" content="${preview.imageUrl ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
  ];
}

export interface PageShellParts {
  /** A page with a preview (an ad) carries its own title, description and picture for link previews. */
  preview?: PagePreview;
  /**
   * The files of the app and the page (`pageFiles`). The first paint needs none of them, so they sit
   * in an inert template that the entry script moves into the head once the page has painted: named
   * in the head, they would share the phone's network with what the first paint does need.
   */
  preloads?: readonly string[];
  /** The page's first view, when the server rendered it, and what it was rendered from. */
  rendered?: RenderedPage | null;
}

/**
 * The HTML every page starts from: `lang` and `dir` of the visitor's locale on the first byte,
 * the page's title in that language and the runtime configuration the client reads at start.
 */
export function renderPageShell(template: string, config: RuntimeConfig, { preview, preloads = [], rendered }: PageShellParts = {}): string {
  const meta = pageMeta(config.locale);
  const title = preview ? `${preview.title} | ${meta.title}` : meta.title;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(preview ? preview.description.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_DESCRIPTION_LENGTH) : meta.description)}" />`,
    ...(preview ? previewTags(preview, meta.title) : []),
    ...(rendered ? [rendered.styles] : []),
    `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${scriptSafeJson(config)}</script>`,
    `<template id="${APP_FILES_ELEMENT_ID}">${preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`).join('')}</template>`,
  ].join('\n    ');
  const root = rendered
    ? `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="${FIRST_VIEW_STATE_ELEMENT_ID}">${scriptSafeJson(rendered.state)}</script>`
    : EMPTY_ROOT;
  return template
    .replaceAll(TEMPLATE_STYLE, config.styleNonce ? `<style nonce="${escapeHtml(config.styleNonce)}">` : TEMPLATE_STYLE)
    .replace(HTML_OPEN_TAG, `<html lang="${config.locale}" dir="${directionOf(config.locale)}">`)
    .replace(HEAD_MARKER, head)
    .replace(EMPTY_ROOT, () => root);
}
