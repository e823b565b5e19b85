import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, ERROR_STATUS, type ErrorBody, type ErrorCode, isErrorCode } from '../../domain/errors';
import { AppError } from '../errors';
import { errorMessage, localeOfRequest } from '../i18n';

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return ERROR_CODES.NOT_FOUND;
  if (status === 413) return ERROR_CODES.PAYLOAD_TOO_LARGE;
  if (status === 429) return ERROR_CODES.RATE_LIMITED;
  if (status === 401) return ERROR_CODES.UNAUTHENTICATED;
  if (status === 403) return ERROR_CODES.FORBIDDEN;
  return status >= 400 && status < 500 ? ERROR_CODES.VALIDATION_FAILED : ERROR_CODES.INTERNAL;
}

/**
 * A body's validation issues as per-field codes keyed by the field's dotted path (`keywords.2`),
 * less a wrapping object's name when the fields travel inside one (`fields.price` -> `price`).
 */
export function refusedFields(issues: readonly { instancePath: string; message?: string }[], wrapper?: string): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '');
    const key = (wrapper && path.startsWith(`${wrapper}/`) ? path.slice(wrapper.length + 1) : path).replace(/\//g, '.') || '_';
    fields[key] ??= isErrorCode(issue.message) ? issue.message : ERROR_CODES.VALIDATION_FAILED;
  }
  return fields;
}

/** Every API error leaves in one shape, `{ error: { code, message, fields? } }`, in the visitor's language. */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const locale = localeOfRequest(request.headers);
      const send = (code: ErrorCode, status: number, fields?: Record<string, ErrorCode>) => {
        const body: ErrorBody = { error: { code, message: errorMessage(code, locale), ...(fields ? { fields } : {}) } };
        return reply.code(status).type('application/json').send(body);
      };

      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return send(error.code, error.statusCode, error.fields);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return send(ERROR_CODES.VALIDATION_FAILED, ERROR_STATUS.VALIDATION_FAILED, refusedFields(error.validation));
      }
      const statusCode = (error as { statusCode?: unknown }).statusCode;
      const status = typeof statusCode === 'number' ? statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      const code = codeForStatus(status);
      return send(code, status >= 400 ? status : 500);
    });
  },
  { name: 'errors' },
);
