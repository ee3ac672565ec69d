import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/**
 * A decimal given as a JSON number or a string, kept as its decimal text (never a float in
 * arithmetic: the services parse it into fixed point and validate it, 400 on bad input).
 */
export const DecimalScalar = new GraphQLScalarType({
  name: 'Decimal',
  description: 'A decimal number, as a string or a JSON number; returned as a string.',
  serialize: (value) => String(value),
  // Any JSON value passes here; the service refuses what is not a decimal with a 400 of its own
  // (a scalar's parse error would not reach the client as a catalogued 4xx).
  parseValue: (value) => value,
  parseLiteral: (ast) => {
    if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT || ast.kind === Kind.STRING) return ast.value;
    throw new GraphQLError('Decimal must be a number or a string');
  },
});
