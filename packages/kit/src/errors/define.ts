/**
 * Error codes are declared in blocks, one per owner: kit declares the cross-cutting ones
 * (`DPF-API-*`, `DPF-AUTH-*`, ./catalogue.ts), each domain its own in its `src/errors.ts`.
 * Declaring a block registers it in this process's registry, which `DomainError`,
 * `statusOf`, `isCatalogued` and `ERROR_CATALOGUE` read; docs/errors.md is generated from the
 * blocks (`npm run docs:errors`).
 */

/** A catalogue code: `DPF-<PREFIX>-<three digits>`. */
export type ErrorCode = `DPF-${string}-${string}`;

/** One code of a block, as its owner writes it. */
export interface ErrorDefinition {
  /** 1 to 999; the code is `DPF-<PREFIX>-<number on three digits>`. Never reuse one. */
  number: number;
  /** The HTTP status (400 to 599); clients depend on it, never change it. */
  status: number;
  /** The default message, used when the thrower gives none. */
  message: string;
  /** When it is raised: the "When" column of docs/errors.md (Markdown, one paragraph). */
  when: string;
}

/** How docs/errors.md presents a block. */
export interface ErrorBlockInfo {
  /** The heading of its table, after the prefix: `### <PREFIX>: <title>`. */
  title: string;
  /** The file that declares the block, from the repository root. */
  source: string;
  /** A page of docs/ about the domain, linked from the heading. */
  doc?: string;
  /** Markdown shown above the table (number ranges, notes on messages). */
  notes?: string;
}

/** A registered code: its definition, its name in the block and the code itself. */
export interface ErrorEntry extends ErrorDefinition {
  code: ErrorCode;
  name: string;
}

export interface ErrorBlock {
  prefix: string;
  info: ErrorBlockInfo;
  /** In declaration order. */
  entries: readonly ErrorEntry[];
}

/** What a catalogue lookup gives; an `ErrorEntry` is one. */
export interface ErrorCodeInfo {
  status: number;
  /** Used when the thrower gives no message of its own. */
  message: string;
}

type Length<S extends string, Counted extends unknown[] = []> = S extends `${string}${infer Rest}` ? Length<Rest, [...Counted, 0]> : Counted['length'];
/** 7 -> '007', 42 -> '042', 120 -> '120' (at the type level, so constants keep their literal code). */
type ThreeDigits<N extends number> = Length<`${N}`> extends 1 ? `00${N}` : Length<`${N}`> extends 2 ? `0${N}` : `${N}`;

/** The constants `defineErrors` returns: each name to its literal code. */
export type ErrorCodes<P extends string, D extends Record<string, { number: number }>> = {
  readonly [K in keyof D]: `DPF-${P}-${ThreeDigits<D[K]['number']>}`;
};

const PREFIX = /^[A-Z]{2,5}$/;
const NAME = /^[A-Z][A-Z0-9_]*$/;
/** The form of every code (also of codes declared in another process). */
export const ERROR_CODE_FORMAT = /^DPF-[A-Z]{2,5}-\d{3}$/;

const blocks: ErrorBlock[] = [];
const byCode = new Map<string, { entry: ErrorEntry; block: ErrorBlock }>();
const blockOfCodes = new WeakMap<object, ErrorBlock>();
const catalogue: Record<string, ErrorEntry> = Object.create(null);

/**
 * Every code registered in this process, by code: `ERROR_CATALOGUE[code].status` and
 * `.message`. It grows as blocks are declared (when their modules load).
 */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorEntry>> = catalogue;

/**
 * Declares one block of error codes and registers it in this process. Returns the code
 * constants, typed with their literal code:
 *
 *     export const BillingError = defineErrors('BIL', {
 *       PLAN_NOT_FOUND: { number: 2, status: 404, message: 'Billing plan not found', when: '...' },
 *     }, { title: 'billing service', source: 'subgraphs/billing/src/errors.ts' });
 *     BillingError.PLAN_NOT_FOUND === 'DPF-BIL-002'
 *
 * Throws when the module loads on a malformed definition, a number used twice in the block,
 * or a code another block already registered.
 */
export function defineErrors<const P extends string, const D extends Record<string, ErrorDefinition>>(
  prefix: P,
  definitions: D,
  info: ErrorBlockInfo,
): ErrorCodes<P, D> {
  const fail = (why: string) => {
    throw new Error(`Error block ${prefix} (${info.source}): ${why}`);
  };
  if (!PREFIX.test(prefix)) fail('the prefix must be 2 to 5 capital letters');
  if (!info.title?.trim() || !info.source?.trim()) fail('a title and a source are required');
  if (/[\r\n]/.test(info.title + (info.notes ?? ''))) fail('the title and notes are one line each');
  const entries: ErrorEntry[] = [];
  const numbers = new Map<number, string>();
  for (const [name, d] of Object.entries(definitions)) {
    if (!NAME.test(name)) fail(`${name}: names are UPPER_SNAKE_CASE`);
    if (!Number.isInteger(d.number) || d.number < 1 || d.number > 999) fail(`${name}: number ${d.number} is not 1 to 999`);
    if (!Number.isInteger(d.status) || d.status < 400 || d.status > 599) fail(`${name}: status ${d.status} is not 400 to 599`);
    if (!d.message?.trim()) fail(`${name}: the message is empty`);
    if (!d.when?.trim()) fail(`${name}: say when it is raised`);
    if (/[\r\n]/.test(d.message + d.when)) fail(`${name}: the message and when are one line each (a cell of docs/errors.md)`);
    if (numbers.has(d.number)) fail(`${name} and ${numbers.get(d.number)} both have number ${d.number}`);
    numbers.set(d.number, name);
    entries.push(Object.freeze({ code: `DPF-${prefix}-${String(d.number).padStart(3, '0')}` as ErrorCode, name, ...d }));
  }
  // The same file loaded a second time (its compiled and its source copy in one process, as an
  // end-to-end test that imports a domain's sources beside the built platform does) declares
  // the same block again: that one is the block already registered.
  const again = blocks.find((b) => b.prefix === prefix && b.info.source === info.source && sameEntries(b.entries, entries));
  if (again) {
    const codes = Object.freeze(Object.fromEntries(entries.map((e) => [e.name, e.code]))) as ErrorCodes<P, D>;
    blockOfCodes.set(codes, again);
    return codes;
  }
  for (const entry of entries) {
    const other = byCode.get(entry.code);
    if (other) fail(`${entry.name} is ${entry.code}, which ${other.block.info.source} already declares as ${other.entry.name}`);
  }
  const block: ErrorBlock = Object.freeze({ prefix, info: Object.freeze({ ...info }), entries: Object.freeze(entries) });
  blocks.push(block);
  for (const entry of entries) {
    byCode.set(entry.code, { entry, block });
    catalogue[entry.code] = entry;
  }
  const codes = Object.freeze(Object.fromEntries(entries.map((e) => [e.name, e.code]))) as ErrorCodes<P, D>;
  blockOfCodes.set(codes, block);
  return codes;
}

/** The block `defineErrors` registered for these constants. */
export function errorBlockOf(codes: object): ErrorBlock {
  const block = blockOfCodes.get(codes);
  if (!block) throw new Error('not the constants of an error block (defineErrors returns them)');
  return block;
}

/** Every block registered in this process, in the order their modules loaded. */
export function errorBlocks(): readonly ErrorBlock[] {
  return [...blocks];
}

/** The registered entry of a code, if any. */
export function errorInfo(code: unknown): ErrorEntry | undefined {
  return typeof code === 'string' ? byCode.get(code)?.entry : undefined;
}

/** HTTP status for a catalogue code; 500 for anything unknown. */
export function statusOf(code: string | undefined): number {
  return errorInfo(code)?.status ?? 500;
}

/** Whether the code is registered in this process. */
export function isCatalogued(code: unknown): code is ErrorCode {
  return errorInfo(code) !== undefined;
}

/**
 * The status of a GraphQL error's `extensions`: the registry's for a code registered here;
 * for a well-formed code this process does not know (declared by a service in another
 * process), the `status` the error carries when it is 400 to 599. Otherwise undefined: the
 * error is not a catalogue error.
 */
export function statusOfExtensions(extensions: { code?: unknown; status?: unknown } | undefined): number | undefined {
  const known = errorInfo(extensions?.code);
  if (known) return known.status;
  const { code, status } = extensions ?? {};
  const wellFormed = typeof code === 'string' && ERROR_CODE_FORMAT.test(code);
  return wellFormed && typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}

function sameEntries(a: readonly ErrorEntry[], b: readonly ErrorEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => e.code === b[i].code && e.name === b[i].name && e.status === b[i].status && e.message === b[i].message);
}
