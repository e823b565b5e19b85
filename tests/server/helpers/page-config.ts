import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '../../../domain/runtime-config';

/** The runtime configuration a served page carries, as the client reads it. */
export function runtimeConfigOf(html: string): RuntimeConfig {
  const element = html.match(new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">(.*?)</script>`));
  if (!element) throw new Error('the page carries no runtime configuration');
  return JSON.parse(element[1]!) as RuntimeConfig;
}
