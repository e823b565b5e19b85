import type { ServerConfig } from './config';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the site's own pages are served from: those configured, else the public address, and
 * on a loopback address the same port by its other names, as a developer may open any of them.
 */
export function siteOrigins(config: Pick<ServerConfig, 'allowedOrigins' | 'publicUrl'>): string[] {
  if (config.allowedOrigins) return config.allowedOrigins;
  const site = new URL(config.publicUrl);
  if (!LOOPBACK_HOSTS.includes(site.hostname)) return [site.origin];
  return LOOPBACK_HOSTS.map((host) => `${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`);
}
