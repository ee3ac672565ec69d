import { DomainError, ErrorCode } from '@dataplat/kit';
import type { FastifyInstance } from 'fastify';

/** Deepest nesting of arrays and objects a JSON body may have (docs/hardening.md). */
export const MAX_BODY_DEPTH = 64;

const ENCODED_NUL = /%00/i;

/**
 * Input no service may see, refused once for every route (REST, /graphql, OAuth forms, SCIM):
 * the NUL character anywhere in the path, query, headers or a body's strings and keys
 * (PostgreSQL cannot store it in text, and C-based consumers truncate at it), and bodies
 * nested deeper than MAX_BODY_DEPTH.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (ENCODED_NUL.test(url) || url.includes('\0')) {
      const query = url.indexOf('?');
      const inQuery = query !== -1 && (ENCODED_NUL.test(url.slice(query)) || url.slice(query).includes('\0'));
      throw new DomainError(ErrorCode.NUL_CHARACTER, undefined, { location: inQuery ? 'query' : 'path' });
    }
    const raw = request.raw.rawHeaders;
    for (let i = 1; i < raw.length; i += 2) {
      if (raw[i].includes('\0')) throw new DomainError(ErrorCode.NUL_CHARACTER, undefined, { location: 'header', name: raw[i - 1].toLowerCase() });
    }
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null && typeof request.body === 'object') checkBody(request.body);
    else if (typeof request.body === 'string' && request.body.includes('\0')) throw new DomainError(ErrorCode.NUL_CHARACTER, undefined, { location: 'body', field: '' });
  });
}

/**
 * Walks a parsed body once, iteratively (a hostile body must not exhaust the stack): refuses
 * NUL in any string or key, naming where it was, and nesting beyond MAX_BODY_DEPTH.
 */
export function checkBody(body: unknown): void {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: body, depth: 0, path: '' }];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) throw new DomainError(ErrorCode.NUL_CHARACTER, undefined, { location: 'body', field: path });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) throw new DomainError(ErrorCode.BODY_TOO_DEEP, `The request body nests deeper than ${MAX_BODY_DEPTH} levels`, { maxDepth: MAX_BODY_DEPTH, field: path });
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], depth: depth + 1, path: `${path}[${i}]` });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      // The reported field name must not carry the NUL back out.
      const at = (path ? `${path}.${key}` : key).replace(/\0/g, '\uFFFD');
      if (key.includes('\0')) throw new DomainError(ErrorCode.NUL_CHARACTER, undefined, { location: 'body', field: at });
      stack.push({ value: child, depth: depth + 1, path: at });
    }
  }
}
