import type { RuntimeConfig } from '../../domain/runtime-config';
import { RUNTIME_CONFIG_GLOBAL } from '../../domain/runtime-config';
import { directionOf } from '../../domain/locale';
import { pageMeta } from '../i18n';

const HTML_OPEN_TAG = /<html[^>]*>/i;
const HEAD_MARKER = '<!--app-head-->';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside a <script> must never close the tag or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The HTML every page starts from: `lang` and `dir` of the visitor's locale on the first byte,
 * the page's title in that language and the runtime configuration the client reads at start.
 */
export function renderPageShell(template: string, config: RuntimeConfig): string {
  const meta = pageMeta(config.locale);
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<script>window.${RUNTIME_CONFIG_GLOBAL}=${scriptSafeJson(config)}</script>`,
  ].join('\n    ');
  return template
    .replace(HTML_OPEN_TAG, `<html lang="${config.locale}" dir="${directionOf(config.locale)}">`)
    .replace(HEAD_MARKER, head);
}
