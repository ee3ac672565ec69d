import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';

/**
 * SCIM filters (RFC 7644 section 3.4.2.2) and attribute paths (section 3.5.2), parsed by a
 * small recursive-descent parser into an AST. Attribute names are compared case-insensitively
 * (RFC 7643 section 2.1), so the AST holds them lower-cased; a core-schema URN prefix is dropped.
 */
export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { op: 'and' | 'or'; left: Filter; right: Filter }
  | { op: 'not'; filter: Filter }
  | { op: 'pr'; attr: string }
  | { op: CompareOp; attr: string; value: FilterValue }
  /** `emails[type eq "work"]`: an element of a multi-valued attribute matching `filter`. */
  | { op: 'valuePath'; attr: string; filter: Filter };

/** A PATCH path: `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub` (all lower-cased). */
export interface AttrPath {
  attr: string;
  filter?: Filter;
  sub?: string;
}

const COMPARE = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const CORE_URNS = ['urn:ietf:params:scim:schemas:core:2.0:user:', 'urn:ietf:params:scim:schemas:core:2.0:group:'];

type Token = { kind: 'word' | 'string' | 'number' | '(' | ')' | '[' | ']'; text: string; value?: FilterValue; at: number };

export const invalidFilter = (detail: string) => new DomainError(IdentityError.SCIM_INVALID_FILTER, detail);
export const invalidPath = (detail: string) => new DomainError(IdentityError.SCIM_INVALID_PATH, detail);

/** The canonical form of an attribute name: lower-cased, without the core schema's URN. */
export function normaliseAttr(name: string): string {
  const lower = name.toLowerCase();
  for (const urn of CORE_URNS) if (lower.startsWith(urn)) return lower.slice(urn.length);
  return lower;
}

function tokenize(text: string, fail: (d: string) => DomainError): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
    } else if ('()[]'.includes(c)) {
      tokens.push({ kind: c as Token['kind'], text: c, at: i++ });
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw fail(`Unterminated string at position ${i}`);
      const raw = text.slice(i, j + 1);
      let value: string;
      try {
        value = JSON.parse(raw);
      } catch {
        throw fail(`Invalid string ${raw}`);
      }
      tokens.push({ kind: 'string', text: raw, value, at: i });
      i = j + 1;
    } else if (/[-0-9]/.test(c)) {
      const m = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i));
      if (!m) throw fail(`Unexpected "${c}" at position ${i}`);
      tokens.push({ kind: 'number', text: m[0], value: Number(m[0]), at: i });
      i += m[0].length;
    } else {
      const m = /^[A-Za-z$_][\w$:.\-]*/.exec(text.slice(i));
      if (!m) throw fail(`Unexpected "${c}" at position ${i}`);
      tokens.push({ kind: 'word', text: m[0], at: i });
      i += m[0].length;
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly fail: (d: string) => DomainError,
  ) {}

  done(): boolean {
    return this.pos >= this.tokens.length;
  }

  peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  next(): Token {
    const t = this.tokens[this.pos++];
    if (!t) throw this.fail('Unexpected end of filter');
    return t;
  }

  expect(kind: Token['kind']): Token {
    const t = this.next();
    if (t.kind !== kind) throw this.fail(`Expected "${kind}" at position ${t.at}, found "${t.text}"`);
    return t;
  }

  private keyword(word: string): boolean {
    const t = this.peek();
    if (t?.kind === 'word' && t.text.toLowerCase() === word) {
      this.pos++;
      return true;
    }
    return false;
  }

  /** filter := and ("or" and)* */
  filter(inValuePath = false): Filter {
    let left = this.and(inValuePath);
    while (this.keyword('or')) left = { op: 'or', left, right: this.and(inValuePath) };
    return left;
  }

  private and(inValuePath: boolean): Filter {
    let left = this.unary(inValuePath);
    while (this.keyword('and')) left = { op: 'and', left, right: this.unary(inValuePath) };
    return left;
  }

  private unary(inValuePath: boolean): Filter {
    if (this.keyword('not')) {
      this.expect('(');
      const filter = this.filter(inValuePath);
      this.expect(')');
      return { op: 'not', filter };
    }
    if (this.peek()?.kind === '(') {
      this.next();
      const filter = this.filter(inValuePath);
      this.expect(')');
      return filter;
    }
    return this.attrExpr(inValuePath);
  }

  private attrExpr(inValuePath: boolean): Filter {
    const t = this.expect('word');
    const attr = normaliseAttr(t.text);
    if (this.peek()?.kind === '[') {
      if (inValuePath) throw this.fail(`Nested value filter at position ${t.at}`);
      this.next();
      const filter = this.filter(true);
      this.expect(']');
      return { op: 'valuePath', attr, filter };
    }
    const opToken = this.expect('word');
    const op = opToken.text.toLowerCase();
    if (op === 'pr') return { op: 'pr', attr };
    if (!COMPARE.has(op)) throw this.fail(`Unknown operator "${opToken.text}" at position ${opToken.at}`);
    const v = this.next();
    let value: FilterValue;
    if (v.kind === 'string' || v.kind === 'number') value = v.value!;
    else if (v.kind === 'word' && ['true', 'false', 'null'].includes(v.text.toLowerCase())) value = JSON.parse(v.text.toLowerCase());
    else throw this.fail(`Expected a value at position ${v.at}, found "${v.text}"`);
    return { op: op as CompareOp, attr, value };
  }
}

/** Parses a `filter` query parameter; 400 invalidFilter when it is not a SCIM filter. */
export function parseFilter(text: string): Filter {
  const tokens = tokenize(text, invalidFilter);
  if (tokens.length === 0) throw invalidFilter('The filter is empty');
  const parser = new Parser(tokens, invalidFilter);
  const filter = parser.filter();
  if (!parser.done()) throw invalidFilter(`Unexpected "${parser.peek()!.text}" at position ${parser.peek()!.at}`);
  return filter;
}

/** Parses a PATCH `path`; 400 invalidPath when it is not an attribute path. */
export function parsePath(text: string): AttrPath {
  const open = text.indexOf('[');
  if (open < 0) {
    if (!/^[A-Za-z$_][\w$:.\-]*$/.test(text.trim())) throw invalidPath(`Invalid path "${text}"`);
    return splitSub(normaliseAttr(text.trim()));
  }
  const close = text.lastIndexOf(']');
  if (close < open) throw invalidPath(`Invalid path "${text}"`);
  const attr = text.slice(0, open).trim();
  const rest = text.slice(close + 1).trim();
  if (!/^[A-Za-z$_][\w$:\-]*$/.test(attr) || (rest && !/^\.[A-Za-z$_][\w$\-]*$/.test(rest))) throw invalidPath(`Invalid path "${text}"`);
  const inner = tokenize(text.slice(open + 1, close), invalidPath);
  if (inner.length === 0) throw invalidPath(`Empty value filter in "${text}"`);
  const parser = new Parser(inner, invalidPath);
  const filter = parser.filter(true);
  if (!parser.done()) throw invalidPath(`Invalid value filter in "${text}"`);
  return { attr: normaliseAttr(attr), filter, ...(rest ? { sub: rest.slice(1).toLowerCase() } : {}) };
}

/** `name.givenname` -> attr `name`, sub `givenname` (extension URNs keep their dots). */
function splitSub(path: string): AttrPath {
  if (path.startsWith('urn:')) {
    const colon = path.lastIndexOf(':');
    const dot = path.indexOf('.', colon);
    return dot < 0 ? { attr: path } : { attr: path.slice(0, dot), sub: path.slice(dot + 1) };
  }
  const dot = path.indexOf('.');
  return dot < 0 ? { attr: path } : { attr: path.slice(0, dot), sub: path.slice(dot + 1) };
}
