import { GraphQLDateTimeISO } from 'graphql-scalars';
import { getNamedType, isEnumType, isListType, isNonNullType, isScalarType, type GraphQLInputType } from 'graphql';

export class CoercionError extends Error {
  constructor(
    readonly parameter: string,
    readonly expected: string,
  ) {
    super(`Parameter "${parameter}" must be ${expected}`);
  }
}

/** Turns one piece of text from a path, query string or header into a variable value. */
export type TextCoercer = (name: string, value: unknown) => unknown;

type ScalarFromText = (name: string, text: string) => unknown;

/** A calendar date alone (`2026-11-21`) means its first instant, UTC. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The scalars a REST parameter may carry, each with the check the subgraph would make. The
 * composed supergraph only knows custom scalars by name (their parsers live in the subgraphs),
 * so the facade holds the parsers itself and a route binding any other custom scalar from text
 * is refused at boot, never passed through unchecked.
 */
const SCALARS: Record<string, ScalarFromText> = {
  Int: (name, text) => {
    // GraphQL Int is a signed 32-bit integer.
    if (!/^-?\d{1,10}$/.test(text) || Number(text) > 2_147_483_647 || Number(text) < -2_147_483_648) throw new CoercionError(name, 'an integer');
    return Number(text);
  },
  Float: (name, text) => {
    // Number() alone would read " " as 0 and "0x10" as 16.
    if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) || !Number.isFinite(Number(text))) throw new CoercionError(name, 'a number');
    return Number(text);
  },
  Boolean: (name, text) => {
    if (text !== 'true' && text !== 'false') throw new CoercionError(name, 'true or false');
    return text === 'true';
  },
  String: (_name, text) => text,
  ID: (_name, text) => text,
  // RFC 3339 date-time with an offset (graphql-scalars' DateTimeISO, as the subgraphs parse it),
  // or a bare date; sent on in the canonical UTC form.
  DateTimeISO: (name, text) => {
    const candidate = DATE_ONLY.test(text) ? `${text}T00:00:00.000Z` : text;
    try {
      const date = GraphQLDateTimeISO.parseValue(candidate) as Date;
      return date.toISOString();
    } catch {
      throw new CoercionError(name, 'an ISO 8601 date-time (e.g. 2026-11-21T09:30:00Z) or date (2026-11-21)');
    }
  },
};

/**
 * Builds, once at boot, the coercer of a variable bound to text. Throws (a route-table problem)
 * when the type cannot come from text: an input object, or a custom scalar without a parser here.
 */
export function compileTextCoercer(type: GraphQLInputType): TextCoercer {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const item = compileTextCoercer(inner.ofType);
    return (name, value) => {
      if (value === undefined || value === '') return undefined;
      const items = Array.isArray(value) ? value : String(value).split(',');
      return items.map((v) => item(name, v));
    };
  }
  const named = getNamedType(inner);
  let fromText: ScalarFromText;
  if (isEnumType(named)) {
    const values = named.getValues();
    const expected = `one of ${values.map((v) => v.name).join(', ')}`;
    fromText = (name, text) => {
      const match = values.find((v) => v.name === text || v.name === text.toUpperCase() || String(v.value) === text);
      if (!match) throw new CoercionError(name, expected);
      return match.name;
    };
  } else if (isScalarType(named)) {
    const known = SCALARS[named.name];
    if (!known) throw new Error(`scalar ${named.name} cannot be read from text (known: ${Object.keys(SCALARS).join(', ')}); bind it from the body`);
    fromText = known;
  } else {
    throw new Error(`input type ${named.name} cannot be read from text; bind it from the body`);
  }
  return (name, value) => {
    if (value === undefined || value === '') return undefined;
    if (Array.isArray(value)) throw new CoercionError(name, 'given once');
    return fromText(name, String(value));
  };
}

/** Coerces text to a type in one go (tests, one-off callers); routes use compiled coercers. */
export const coerceText = (name: string, value: unknown, type: GraphQLInputType): unknown => compileTextCoercer(type)(name, value);
