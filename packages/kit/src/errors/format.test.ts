import { IsEmail, MinLength, validate } from 'class-validator';
import { buildSchema, graphql, GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { ErrorCode } from './catalogue';
import { DomainError } from './domain-error';
import { formatGraphQLError } from './format';

class SignUp {
  @IsEmail() email: string;
  @MinLength(12) password: string;
}

const schema = buildSchema(`type Query { domain: String, secret: String, invalid: String, ok(n: Int!): Int }`);
const rootValue = {
  domain: () => {
    throw new DomainError(ErrorCode.ROUTE_NOT_FOUND, 'No endpoint 42', { id: '42' });
  },
  secret: () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
  },
  invalid: async () => {
    const input = Object.assign(new SignUp(), { email: 'not-an-email', password: 'short' });
    throw new ArgumentValidationError(await validate(input));
  },
};

/** Executes `source` and formats its single error the way Apollo Server calls formatError. */
async function formatOne(source: string): Promise<GraphQLFormattedError> {
  const result = await graphql({ schema, source, rootValue });
  expect(result.errors).toHaveLength(1);
  const error = result.errors![0];
  return formatGraphQLError(error.toJSON(), error);
}

describe('formatGraphQLError', () => {
  it('renders a DomainError with its code, status, message and details', async () => {
    const out = await formatOne('{ domain }');
    expect(out.message).toBe('No endpoint 42');
    expect(out.path).toEqual(['domain']);
    expect(out.extensions).toEqual({ code: 'DPF-API-004', status: 404, details: { id: '42' } });
  });

  it('leaves out details when the DomainError has none', () => {
    const domain = new DomainError(ErrorCode.FORBIDDEN);
    const out = formatGraphQLError({ message: 'x' }, new GraphQLError('x', { originalError: domain }));
    expect(out.extensions).toEqual({ code: 'DPF-AUTH-007', status: 403 });
    expect(out.message).toBe('Insufficient permissions');
  });

  it('maps ArgumentValidationError to DPF-API-001 listing each field and its constraints', async () => {
    const out = await formatOne('{ invalid }');
    expect(out.message).toBe('Invalid input');
    expect(out.extensions?.code).toBe('DPF-API-001');
    expect(out.extensions?.status).toBe(400);
    const details = out.extensions?.details as Array<{ field: string; constraints: string[] }>;
    expect(details.map((d) => d.field).sort()).toEqual(['email', 'password']);
    expect(details.find((d) => d.field === 'email')!.constraints).toEqual(['email must be an email']);
    expect(details.find((d) => d.field === 'password')!.constraints).toEqual([
      'password must be longer than or equal to 12 characters',
    ]);
  });

  it('maps a graphql-js validation failure (GRAPHQL_VALIDATION_FAILED) to DPF-API-001, keeping the message', async () => {
    const result = await graphql({ schema, source: '{ nope }', rootValue });
    const error = result.errors![0];
    const formatted = { ...error.toJSON(), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
    const out = formatGraphQLError(formatted, error);
    expect(out.message).toBe('Cannot query field "nope" on type "Query".');
    expect(out.extensions).toEqual({ code: 'DPF-API-001', status: 400 });
  });

  it.each(['BAD_USER_INPUT', 'GRAPHQL_PARSE_FAILED'])('maps %s to DPF-API-001', (code) => {
    const error = new GraphQLError('Variable "$n" got invalid value "x"', { extensions: { code } });
    const out = formatGraphQLError(error.toJSON(), error);
    expect(out.message).toBe('Variable "$n" got invalid value "x"');
    expect(out.extensions).toEqual({ code: 'DPF-API-001', status: 400 });
  });

  it('masks an unknown error as DPF-API-010 "Internal server error" without leaking its text', async () => {
    const out = await formatOne('{ secret }');
    expect(out).toEqual({ message: 'Internal server error', path: ['secret'], extensions: { code: 'DPF-API-010', status: 500 } });
    expect(JSON.stringify(out)).not.toContain('hunter2');
  });

  it('masks errors with a non-catalogue code (e.g. INTERNAL_SERVER_ERROR)', () => {
    const error = new GraphQLError('stack trace here', { extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at x'] } });
    const out = formatGraphQLError(error.toJSON(), error);
    expect(out.message).toBe('Internal server error');
    expect(out.extensions).toEqual({ code: 'DPF-API-010', status: 500 });
  });

  it('passes through an error that already carries a catalogue code (e.g. relayed from a subgraph)', () => {
    const formatted = { message: 'Token has expired', path: ['me'], extensions: { code: 'DPF-AUTH-002', status: 401 } };
    expect(formatGraphQLError(formatted, new GraphQLError('Token has expired'))).toBe(formatted);
  });

  it('passes through a well-formed code with its status that this process does not declare (a subgraph in another process)', () => {
    const formatted = { message: 'Invoice not found', path: ['invoice'], extensions: { code: 'DPF-ZZZ-003', status: 404 } };
    expect(formatGraphQLError(formatted, new GraphQLError('Invoice not found'))).toBe(formatted);
    const statusless = { message: 'x', extensions: { code: 'DPF-ZZZ-003' } };
    expect(formatGraphQLError(statusless, new GraphQLError('x')).extensions).toEqual({ code: 'DPF-API-010', status: 500 });
  });

  it('handles a bare non-GraphQL error value', () => {
    expect(formatGraphQLError({ message: 'boom' }, 'boom').extensions).toEqual({ code: 'DPF-API-010', status: 500 });
    expect(formatGraphQLError({ message: 'x' }, new DomainError(ErrorCode.RATE_LIMITED)).extensions?.code).toBe('DPF-API-007');
  });

  it.each(['BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE', 'PERSISTED_QUERY_NOT_SUPPORTED'])('maps Apollo HTTP refusal %s to DPF-API-018 (400), keeping the message', (code) => {
    const error = new GraphQLError('Operation batching disabled.', { extensions: { code } });
    const out = formatGraphQLError(error.toJSON(), error);
    expect(out).toEqual({ message: 'Operation batching disabled.', extensions: { code: 'DPF-API-018', status: 400 } });
  });

  /** A DriverAdapterError as @prisma/adapter-pg raises it: the SQLSTATE in `cause.originalCode`. */
  const driverError = (sqlState: string) => Object.assign(new Error('invalid input'), { name: 'DriverAdapterError', cause: { originalCode: sqlState } });

  it.each([
    ['22021', 'DPF-API-020'],
    ['22001', 'DPF-API-024'],
    ['22003', 'DPF-API-024'],
    ['22P02', 'DPF-API-024'],
  ])('maps PostgreSQL data exception %s to %s (400), not a 500', (sqlState, code) => {
    const error = new GraphQLError('x', { originalError: driverError(sqlState), path: ['f'] });
    const out = formatGraphQLError(error.toJSON(), error);
    expect(out.extensions).toEqual({ code, status: 400 });
    expect(out.path).toEqual(['f']);
  });

  it('still masks other database errors (a unique violation is the service\'s to handle)', () => {
    const error = new GraphQLError('x', { originalError: driverError('23505') });
    expect(formatGraphQLError(error.toJSON(), error).extensions?.code).toBe('DPF-API-010');
  });
});
