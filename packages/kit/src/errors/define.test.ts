import { ErrorCode } from './catalogue';
import {
  defineErrors,
  ERROR_CATALOGUE,
  errorBlockOf,
  errorBlocks,
  errorInfo,
  isCatalogued,
  statusOf,
  statusOfExtensions,
  type ErrorDefinition,
} from './define';
import { DomainError } from './domain-error';

const info = { title: 'test block', source: 'packages/kit/src/errors/define.test.ts' };
const entry = (number: number, status = 400): ErrorDefinition => ({ number, status, message: `Message ${number}`, when: `When ${number}` });

describe('defineErrors', () => {
  const TestError = defineErrors(
    'TST',
    {
      THING_NOT_FOUND: { number: 7, status: 404, message: 'Thing not found', when: 'A thing id that matches no thing' },
      THING_EXISTS: { number: 42, status: 409, message: 'The thing exists', when: 'Creating a thing twice' },
      THING_GONE: { number: 120, status: 410, message: 'The thing is gone', when: 'A deleted thing' },
    },
    { ...info, doc: 'things.md', notes: 'Numbers of things.' },
  );

  it('returns the codes as constants, typed with their literal code', () => {
    const notFound: 'DPF-TST-007' = TestError.THING_NOT_FOUND;
    const exists: 'DPF-TST-042' = TestError.THING_EXISTS;
    const gone: 'DPF-TST-120' = TestError.THING_GONE;
    expect([notFound, exists, gone]).toEqual(['DPF-TST-007', 'DPF-TST-042', 'DPF-TST-120']);
    expect(Object.isFrozen(TestError)).toBe(true);
  });

  it('registers the block in the process: statusOf, isCatalogued, ERROR_CATALOGUE, errorInfo', () => {
    expect(statusOf(TestError.THING_NOT_FOUND)).toBe(404);
    expect(isCatalogued('DPF-TST-042')).toBe(true);
    expect(ERROR_CATALOGUE[TestError.THING_GONE]).toMatchObject({ status: 410, message: 'The thing is gone' });
    expect(errorInfo('DPF-TST-007')).toEqual({
      code: 'DPF-TST-007',
      name: 'THING_NOT_FOUND',
      number: 7,
      status: 404,
      message: 'Thing not found',
      when: 'A thing id that matches no thing',
    });
    expect(errorInfo('DPF-TST-008')).toBeUndefined();
  });

  it('keeps the block, its presentation and its entries in declaration order', () => {
    const block = errorBlockOf(TestError);
    expect(block.prefix).toBe('TST');
    expect(block.info).toEqual({ ...info, doc: 'things.md', notes: 'Numbers of things.' });
    expect(block.entries.map((e) => e.name)).toEqual(['THING_NOT_FOUND', 'THING_EXISTS', 'THING_GONE']);
    expect(errorBlocks()).toContain(block);
    expect(() => errorBlockOf({})).toThrow(/not the constants of an error block/);
  });

  it('lets DomainError take the status and default message from the registry', () => {
    const e = new DomainError(TestError.THING_EXISTS);
    expect(e).toMatchObject({ code: 'DPF-TST-042', status: 409, message: 'The thing exists' });
    expect(new DomainError(TestError.THING_EXISTS, 'Thing 3 exists', { id: 3 })).toMatchObject({ message: 'Thing 3 exists', details: { id: 3 } });
  });

  it('refuses a DomainError with a code no block registered', () => {
    expect(() => new DomainError('DPF-TST-999')).toThrow('DomainError: DPF-TST-999 is not a registered error code (declare it with defineErrors)');
  });

  it('fails loudly on a code another block already declares, naming both', () => {
    expect(() => defineErrors('TST', { THING_AGAIN: entry(42) }, { ...info, source: 'elsewhere.ts' })).toThrow(
      'Error block TST (elsewhere.ts): THING_AGAIN is DPF-TST-042, which packages/kit/src/errors/define.test.ts already declares as THING_EXISTS',
    );
    expect(() => defineErrors('API', { MY_VALIDATION: entry(1) }, info)).toThrow(/MY_VALIDATION is DPF-API-001, which packages\/kit\/src\/errors\/catalogue.ts already declares as VALIDATION_FAILED/);
    // Nothing of a refused block is registered.
    expect(() => defineErrors('TST', { NEW_ONE: entry(8), OLD_ONE: entry(7) }, info)).toThrow(/OLD_ONE is DPF-TST-007/);
    expect(isCatalogued('DPF-TST-008')).toBe(false);
  });

  it('fails loudly on a number used twice in a block', () => {
    expect(() => defineErrors('TSV', { FIRST: entry(3), SECOND: entry(3) }, info)).toThrow('Error block TSV (packages/kit/src/errors/define.test.ts): SECOND and FIRST both have number 3');
  });

  it.each<[string, string, Record<string, ErrorDefinition>, RegExp]>([
    ['a lower-case prefix', 'tsw', { A: entry(1) }, /prefix must be 2 to 5 capital letters/],
    ['a long prefix', 'TOOLONG', { A: entry(1) }, /prefix must be 2 to 5 capital letters/],
    ['a name not UPPER_SNAKE_CASE', 'TSW', { notFound: entry(1) }, /notFound: names are UPPER_SNAKE_CASE/],
    ['number 0', 'TSW', { A: entry(0) }, /A: number 0 is not 1 to 999/],
    ['number 1000', 'TSW', { A: entry(1000) }, /A: number 1000 is not 1 to 999/],
    ['a fractional number', 'TSW', { A: entry(1.5) }, /A: number 1.5 is not 1 to 999/],
    ['status 200', 'TSW', { A: entry(1, 200) }, /A: status 200 is not 400 to 599/],
    ['status 600', 'TSW', { A: entry(1, 600) }, /A: status 600 is not 400 to 599/],
    ['an empty message', 'TSW', { A: { ...entry(1), message: ' ' } }, /A: the message is empty/],
    ['no when', 'TSW', { A: { ...entry(1), when: '' } }, /A: say when it is raised/],
    ['a when of two lines', 'TSW', { A: { ...entry(1), when: 'one\ntwo' } }, /A: the message and when are one line each/],
  ])('refuses %s', (_, prefix, definitions, error) => {
    expect(() => defineErrors(prefix, definitions, info)).toThrow(error);
    expect(isCatalogued('DPF-TSW-001')).toBe(false);
  });

  it('refuses a block without title or source, or with notes of two lines', () => {
    expect(() => defineErrors('TSX', { A: entry(1) }, { title: '', source: 'x.ts' })).toThrow(/a title and a source are required/);
    expect(() => defineErrors('TSX', { A: entry(1) }, { ...info, notes: 'one\ntwo' })).toThrow(/the title and notes are one line each/);
  });
});

describe('statusOfExtensions', () => {
  it("gives a registered code's status, whatever status the error carries", () => {
    expect(statusOfExtensions({ code: ErrorCode.FORBIDDEN })).toBe(403);
    expect(statusOfExtensions({ code: ErrorCode.FORBIDDEN, status: 500 })).toBe(403);
  });

  it('gives the carried status of a well-formed code declared in another process', () => {
    expect(statusOfExtensions({ code: 'DPF-ZZZ-001', status: 404 })).toBe(404);
    expect(statusOfExtensions({ code: 'DPF-ZZZ-001', status: 503 })).toBe(503);
  });

  it.each([
    ['no extensions', undefined],
    ['no code', { status: 404 }],
    ['an unknown code without status', { code: 'DPF-ZZZ-001' }],
    ['a status outside 400 to 599', { code: 'DPF-ZZZ-001', status: 200 }],
    ['a status that is not a number', { code: 'DPF-ZZZ-001', status: '404' }],
    ['a code not of the catalogue form', { code: 'BAD_USER_INPUT', status: 400 }],
    ['a lower-case code', { code: 'dpf-zzz-001', status: 400 }],
  ])('is undefined for %s', (_, extensions) => {
    expect(statusOfExtensions(extensions)).toBeUndefined();
  });
});

describe('a block loaded twice', () => {
  it('is the same block when the same file declares the same codes again (source and compiled copies)', () => {
    const entries = { TWICE_A: { number: 1, status: 404, message: 'A', when: 'a' } };
    const first = defineErrors('TWC', entries, { title: 'Twice', source: 'test/twice.ts' });
    const second = defineErrors('TWC', entries, { title: 'Twice', source: 'test/twice.ts' });
    expect(second).toEqual(first);
    expect(errorBlockOf(second)).toBe(errorBlockOf(first));
    expect(() => defineErrors('TWC', { TWICE_B: { number: 1, status: 404, message: 'B', when: 'b' } }, { title: 'Other', source: 'test/other.ts' })).toThrow(/already declares/);
  });
});
