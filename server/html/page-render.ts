import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RenderedPage, RuntimeConfig } from '../../domain/runtime-config';

/** What the client's server entry (src/entry-server.tsx) offers the server. */
export interface ServerEntry {
  renderPage(url: string, config: RuntimeConfig): Promise<RenderedPage | null>;
  answerApiRequestsWith(answer: typeof fetch): void;
  readRuntimeConfigWith(read: () => RuntimeConfig): void;
}

/** Where the API's routes are mounted on this server. */
const API_ROOT = '/api';

interface Rendering {
  request: FastifyRequest;
  config: RuntimeConfig;
}

/**
 * Renders a page's first view for one request. The page's code asks the API as in the browser; its
 * requests are answered in-process (`inject`) as the visitor's own: their cookies, language and
 * address, so a signed-in visitor's page shows what theirs would and rate limits count them alone.
 */
export function pageRenderer(app: FastifyInstance, loadEntry: () => Promise<ServerEntry>) {
  const renderings = new AsyncLocalStorage<Rendering>();
  const current = (): Rendering => {
    const rendering = renderings.getStore();
    if (!rendering) throw new Error('The client code asked for its request outside a page being rendered');
    return rendering;
  };
  const configured = new WeakSet<ServerEntry>();

  const answer = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if ((init?.method ?? 'GET') !== 'GET') throw new Error('A page renders from reads only');
    const { request } = current();
    const reply = await app.inject({
      method: 'GET',
      url: `${API_ROOT}${String(input)}`,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        'x-forwarded-for': request.ip,
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, String(each));
    }
    return new Response(reply.statusCode === 204 || reply.statusCode === 304 ? null : reply.body, { status: reply.statusCode, headers });
  };

  return async (request: FastifyRequest, config: RuntimeConfig) => {
    const entry = await loadEntry();
    if (!configured.has(entry)) {
      entry.answerApiRequestsWith(answer);
      entry.readRuntimeConfigWith(() => current().config);
      configured.add(entry);
    }
    return renderings.run({ request, config }, () => entry.renderPage(request.url, config));
  };
}
