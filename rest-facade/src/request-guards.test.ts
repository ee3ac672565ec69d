import { DomainError, ErrorCode } from '@dataplat/kit';
import { checkBody, MAX_BODY_DEPTH } from './request-guards';

const refusal = (body: unknown) => {
  try {
    checkBody(body);
    return undefined;
  } catch (e) {
    return { code: (e as DomainError).code, details: (e as DomainError).details };
  }
};

describe('checkBody', () => {
  it('accepts ordinary bodies, including nesting up to the limit', () => {
    expect(refusal({ a: 'x', b: [1, { c: 'd' }], e: null })).toBeUndefined();
    let nested: unknown = 1;
    for (let i = 0; i < MAX_BODY_DEPTH; i++) nested = [nested];
    expect(refusal(nested)).toBeUndefined();
  });

  it('names where a NUL is: a value, an array element, a key (the key itself masked)', () => {
    expect(refusal({ user: { email: 'a\u0000' } })).toEqual({ code: ErrorCode.NUL_CHARACTER, details: { location: 'body', field: 'user.email' } });
    expect(refusal({ list: ['ok', 'b\u0000'] })).toEqual({ code: ErrorCode.NUL_CHARACTER, details: { location: 'body', field: 'list[1]' } });
    expect(refusal({ 'k\u0000': 1 })).toEqual({ code: ErrorCode.NUL_CHARACTER, details: { location: 'body', field: 'k\uFFFD' } });
  });

  it('refuses nesting beyond the limit without recursion (2,000 levels)', () => {
    let nested: unknown = 1;
    for (let i = 0; i < 2000; i++) nested = { a: nested };
    expect(refusal(nested)?.code).toBe(ErrorCode.BODY_TOO_DEEP);
  });
});
