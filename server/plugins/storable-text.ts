import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../domain/errors';
import { isStorableText } from '../db/dialect';
import { AppError } from '../errors';

/**
 * The dotted path (`fields.title`, `keywords.2`) of the first string or key in `value` that the
 * database cannot store, `_` for `value` itself, or undefined when all can be. Walked without
 * recursion, as a body may nest as deep as its size allows.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  interface Step {
    value: unknown;
    key?: string;
    parent?: Step;
  }
  const fieldOf = (step: Step | undefined) => {
    const keys: string[] = [];
    for (let at = step; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
    return keys.join('.') || '_';
  };
  const pending: Step[] = [{ value }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    if (typeof step.value === 'string') {
      if (!isStorableText(step.value)) return fieldOf(step);
    } else if (step.value !== null && typeof step.value === 'object') {
      for (const [key, entry] of Object.entries(step.value)) {
        if (!isStorableText(key)) return fieldOf(step);
        pending.push({ value: entry, key, parent: step });
      }
    }
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers whatever text its address holds (the pages): nothing is stored or looked up with it as it is. */
    acceptsAnyText?: boolean;
  }
}

/**
 * Path parameters, query and body are refused with VALIDATION_FAILED, naming the field, when they
 * carry text the database cannot store: a lookup or a write with it would fail on PostgreSQL.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (request.is404 || request.routeOptions.config.acceptsAnyText) return;
      for (const part of [request.params, request.query, request.body]) {
        const field = unstorableTextPath(part);
        if (field !== undefined) throw new AppError(ERROR_CODES.VALIDATION_FAILED, { [field]: ERROR_CODES.VALIDATION_FAILED });
      }
    });
  },
  { name: 'storable-text', dependencies: ['errors'] },
);
