import { GraphQLError } from 'graphql';
import { ErrorCode, KIT_ERROR_BLOCKS } from './catalogue';
import { isCatalogued, statusOf } from './define';
import { DomainError } from './domain-error';

describe("kit's error codes", () => {
  it('are its blocks: DPF-API, DPF-AUTH, and the IAM codes of the auth checker', () => {
    expect(KIT_ERROR_BLOCKS.map((b) => b.prefix)).toEqual(['API', 'AUTH', 'IAM']);
    expect(KIT_ERROR_BLOCKS[2].entries.map((e) => e.code)).toEqual(['DPF-IAM-010', 'DPF-IAM-088']);
    for (const block of KIT_ERROR_BLOCKS) {
      for (const entry of block.entries) expect(ErrorCode[entry.name as keyof typeof ErrorCode]).toBe(entry.code);
    }
  });

  it.each([
    [ErrorCode.VALIDATION_FAILED, 400],
    [ErrorCode.ROUTE_NOT_FOUND, 404],
    [ErrorCode.RATE_LIMITED, 429],
    [ErrorCode.INTERNAL, 500],
    [ErrorCode.UPSTREAM_UNAVAILABLE, 503],
    [ErrorCode.AUTHENTICATION_REQUIRED, 401],
    [ErrorCode.FORBIDDEN, 403],
    [ErrorCode.IDEMPOTENCY_KEY_REUSED, 422],
    [ErrorCode.PASSWORD_CHANGE_REQUIRED, 403],
  ])('statusOf(%s) is %d', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });

  it.each([undefined, '', 'DPF-NOPE-001', 'BAD_USER_INPUT', 'dpf-api-001'])('statusOf(%p) is 500', (code) => {
    expect(statusOf(code)).toBe(500);
  });

  it('isCatalogued accepts registered codes only', () => {
    expect(isCatalogued('DPF-AUTH-001')).toBe(true);
    expect(isCatalogued('DPF-AUTH-999')).toBe(false);
    expect(isCatalogued(401)).toBe(false);
    expect(isCatalogued(undefined)).toBe(false);
  });
});

describe('DomainError', () => {
  it('carries the code, its status and the default message', () => {
    const e = new DomainError(ErrorCode.ROUTE_NOT_FOUND);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('DomainError');
    expect(e.code).toBe('DPF-API-004');
    expect(e.status).toBe(404);
    expect(e.message).toBe('No such endpoint');
    expect(e.details).toBeUndefined();
  });

  it('keeps a message and details of its own', () => {
    const e = new DomainError(ErrorCode.VALIDATION_FAILED, 'size is too big', [{ field: 'size' }]);
    expect(e.message).toBe('size is too big');
    expect(e.status).toBe(400);
    expect(e.details).toEqual([{ field: 'size' }]);
  });

  it('renders as a GraphQLError with code and status in extensions', () => {
    const domain = new DomainError(ErrorCode.FORBIDDEN, undefined, { need: 'ADMIN' });
    const g = domain.toGraphQLError();
    expect(g).toBeInstanceOf(GraphQLError);
    expect(g.message).toBe('Insufficient permissions');
    expect(g.originalError).toBe(domain);
    expect(g.extensions).toEqual({ code: 'DPF-AUTH-007', status: 403, details: { need: 'ADMIN' }, http: { status: 403 } });
  });
});
