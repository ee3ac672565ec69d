import { GraphQLError } from 'graphql';
import { ERROR_CATALOGUE, ErrorCode, isCatalogued, statusOf } from './catalogue';
import { DomainError } from './domain-error';

const codes = Object.values(ErrorCode);

describe('error catalogue', () => {
  it('names every code DPF-<SERVICE>-<three digits>', () => {
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(code).toMatch(/^DPF-[A-Z]+-\d{3}$/);
  });

  it('never gives two names the same code', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('numbers codes in order within each service and block of twenty, without gaps', () => {
    // A service's codes may be split into blocks reserved per domain (IAM 001-019, 020-039, ...);
    // inside a block they run on from its first code.
    const blocks = new Map<string, number[]>();
    for (const code of codes) {
      const [, service, n] = code.split('-');
      const number = Number(n);
      const key = `${service}:${Math.floor(number / 20)}`;
      blocks.set(key, [...(blocks.get(key) ?? []), number]);
    }
    for (const numbers of blocks.values()) {
      const sorted = [...numbers].sort((a, b) => a - b);
      expect(sorted).toEqual(sorted.map((_, i) => sorted[0] + i));
      expect(new Set(numbers).size).toBe(numbers.length);
    }
  });

  it('has exactly one entry per code, each with a 4xx/5xx status and a message', () => {
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const { status, message } = ERROR_CATALOGUE[code];
      expect(Number.isInteger(status)).toBe(true);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThanOrEqual(599);
      expect(message.trim().length).toBeGreaterThan(0);
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
    [ErrorCode.ACCOUNT_LOCKED, 423],
    [ErrorCode.IDEMPOTENCY_KEY_REUSED, 422],
  ])('statusOf(%s) is %d', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });

  it.each([undefined, '', 'DPF-NOPE-001', 'BAD_USER_INPUT', 'dpf-api-001'])('statusOf(%p) is 500', (code) => {
    expect(statusOf(code)).toBe(500);
  });

  it('isCatalogued accepts catalogue codes only', () => {
    expect(isCatalogued('DPF-AUTH-001')).toBe(true);
    expect(isCatalogued('DPF-AUTH-999')).toBe(false);
    expect(isCatalogued(401)).toBe(false);
    expect(isCatalogued(undefined)).toBe(false);
  });
});

describe('DomainError', () => {
  it('carries the code, its status and the default message', () => {
    const e = new DomainError(ErrorCode.USER_NOT_FOUND);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('DomainError');
    expect(e.code).toBe('DPF-IAM-005');
    expect(e.status).toBe(404);
    expect(e.message).toBe('User not found');
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
