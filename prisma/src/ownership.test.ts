import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * Each domain touches only its own tables (docs/decisions.md §37). Every Prisma model and
 * every `schema.table` named in a string of the code (raw SQL: $queryRaw, $executeRaw,
 * Prisma.sql, pg client queries) is mapped to the PostgreSQL schema, and so to the domain,
 * that owns it; a use by another domain's code fails unless ALLOWED lists it.
 */

const ROOT = join(__dirname, '..', '..');

// ---- Ownership ------------------------------------------------------------------------

/**
 * Who owns a table: a subgraph owns the PostgreSQL schema of its name (subgraphs/identity ->
 * schema identity); tables of the other schemas are listed one by one.
 */
const TABLE_OWNERS: Record<string, string> = {
  // X-Idempotency-Key records of the REST facade (rest-facade/src/idempotency.ts, §21).
  'platform.idempotency_records': 'edge',
  // The platform's transactional outbox: the notification service is its one consumer
  // (PlatformOutboxRelay delivers, retries and settles the rows); the writers are in ALLOWED.
  'platform.notification_outbox': 'notification',
  // The migration runner's ledger (prisma/src/migrate.ts).
  'public._migrations': 'db',
};

/**
 * The code areas: subgraphs/<name>/src is domain <name>; the gateway and the REST facade are
 * one domain, the edge; packages/<name>/src and prisma/src (`db`) are platform code.
 */
function areaOf(file: string): string {
  const path = relative(ROOT, file).split(/[\\/]/);
  if (path[0] === 'subgraphs' || path[0] === 'packages') return path[1];
  if (path[0] === 'gateway' || path[0] === 'rest-facade') return 'edge';
  if (path[0] === 'prisma') return 'db';
  throw new Error(`no area for ${file}`);
}

/** What a use does to a table: rows inserted only; anything else (read, update, delete, lock); a Prisma type of it. */
type Access = 'insert' | 'other' | 'type';

/**
 * Uses of another domain's table that are part of the design. `insert`: the area may insert
 * rows (and use the model's Prisma types to build them), never read, update or delete them.
 * An entry that no code needs any more fails the test too: remove it.
 */
const ALLOWED: Array<{ area: string; table: string; access: 'insert'; why: string }> = [
  // The transactional outbox (docs/notification-service.md "Messages from other services"): a
  // message must exist exactly when the change that causes it commits, so the domain queues
  // it in its own transaction instead of calling the notification service.
  { area: 'identity', table: 'platform.notification_outbox', access: 'insert', why: 'verification links, password resets, MFA codes (notifications/outbox.ts)' },
  { area: 'billing', table: 'platform.notification_outbox', access: 'insert', why: 'budget alert e-mails (budgets/budget.repository.ts)' },
  { area: 'tenant', table: 'platform.notification_outbox', access: 'insert', why: 'alert messages to the rule channels (alerts/alert-writer.ts)' },
  // The audit intake (docs/audit-service.md): the gateway's audit plugin records every
  // mutation written behind, in batches, on the request path's process; the audit service's
  // chainer consumes the intake into its hash-chained log.
  { area: 'edge', table: 'audit.intake', access: 'insert', why: 'gateway/src/audit-intake.ts (AuditIntakeWriter)' },
  // The same writer sets a record PostgreSQL refused aside as a dead letter (docs/audit-service.md
  // "Records the database cannot take"), so one bad record never stops the trail.
  { area: 'edge', table: 'audit.intake_dead_letters', access: 'insert', why: 'gateway/src/audit-intake.ts (AuditIntakeWriter.deadLetter)' },
];

// ---- The Prisma schema ---------------------------------------------------------------

interface Model {
  name: string;
  schema: string;
  /** `schema.table` */
  table: string;
  /** Types of its fields that are other models (relations). */
  related: string[];
}

/** Where schema files and migrations live: the platform's in prisma/, each subgraph's in subgraphs/<name>/prisma/ (prisma/scripts/schema-sources.mjs). */
const SUBGRAPH_PRISMA = readdirSync(join(ROOT, 'subgraphs')).map((s) => join(ROOT, 'subgraphs', s, 'prisma'));
const SCHEMA_DIRS = [join(ROOT, 'prisma', 'schema'), ...SUBGRAPH_PRISMA].filter((d) => existsSync(d));
const MIGRATION_DIRS = [join(ROOT, 'prisma', 'migrations'), ...SUBGRAPH_PRISMA.map((d) => join(d, 'migrations'))].filter((d) => existsSync(d));

function readModels(): Map<string, Model> {
  const files = SCHEMA_DIRS.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.prisma')).map((f) => join(dir, f)));
  const blocks = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)]);
  const names = new Set(blocks.map((b) => b[1]));
  return new Map(
    blocks.map(([, name, body]) => {
      const schema = /@@schema\("(\w+)"\)/.exec(body)?.[1] ?? '';
      const table = /@@map\("(\w+)"\)/.exec(body)?.[1] ?? name;
      const related = body
        .split('\n')
        .map((line) => line.replace(/\/\/.*$/, '').trim().split(/\s+/)[1]?.replace(/[[\]?]/g, ''))
        .filter((type): type is string => !!type && names.has(type));
      return [name, { name, schema, table: `${schema}.${table}`, related }];
    }),
  );
}

/** Tables the migrations create (some have no Prisma model). */
function migrationTables(): string[] {
  return MIGRATION_DIRS.flatMap((dir) => readdirSync(dir).map((m) => join(dir, m, 'migration.sql')))
    .filter((file) => existsSync(file))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?\."?(\w+)"?/gi)])
    .map((m) => `${m[1]}.${m[2]}`);
}

// ---- The code ------------------------------------------------------------------------

interface Use {
  file: string;
  line: number;
  area: string;
  table: string;
  access: Access;
  /** How it was found: a Prisma delegate call, a Prisma type, or a string (SQL). */
  via: string;
}

/** `changeChannel('<schema>.<table>')`: the table's NOTIFY channel name, not a query of it. */
const isChannelName = (node: ts.Node) =>
  ts.isCallExpression(node.parent) && ts.isIdentifier(node.parent.expression) && node.parent.expression.text === 'changeChannel' && node.parent.arguments[0] === node;

/** Methods of a Prisma model delegate (`db.user.findMany`), and those that only insert. */
const DELEGATE_METHODS = new Set([
  'findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'create', 'createMany', 'createManyAndReturn',
  'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany', 'count', 'aggregate', 'groupBy',
]);
const INSERTS = new Set(['create', 'createMany', 'createManyAndReturn']);

/** Finds the tables one source file uses. */
function usesIn(file: string, text: string, models: Map<string, Model>, tables: Set<string>): Use[] {
  const area = areaOf(file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const delegates = new Map([...models.values()].map((m) => [m.name[0].toLowerCase() + m.name.slice(1), m]));
  const byLength = [...models.values()].sort((a, b) => b.name.length - a.name.length);
  const schemas = [...new Set([...tables].map((t) => t.split('.')[0]))];
  const sqlName = new RegExp(`(^|[^\\w."])"?(${schemas.join('|')})"?\\s*\\.\\s*"?([a-z_][a-z0-9_]*)"?`, 'gi');
  /** SQL names a table after one of these, or at the start of a string (a fragment, a constant); prose does not. */
  const sqlBefore = /(?:^\s*|\b(?:FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE|USING|ONLY|REFERENCES|COPY)\s+)$/i;
  const uses: Use[] = [];
  const add = (node: ts.Node, table: string, access: Access, via: string) =>
    uses.push({ file: relative(ROOT, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, area, table, access, via });
  /** A model type of the generated client: `Prisma.UserWhereInput` is User's. */
  const modelOfType = (name: string) => byLength.find((m) => name.startsWith(m.name) && (name.length === m.name.length || /^[A-Z]/.test(name.slice(m.name.length))));

  const visit = (node: ts.Node): void => {
    // db.user.findMany(...), tx.notificationOutbox.create(...)
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isPropertyAccessExpression(node.expression.expression)) {
      const method = node.expression.name.text;
      const model = delegates.get(node.expression.expression.name.text);
      if (model && DELEGATE_METHODS.has(method)) add(node, model.table, INSERTS.has(method) ? 'insert' : 'other', `prisma ${node.expression.expression.name.text}.${method}`);
    }
    // Prisma.AuditIntakeCreateManyInput, Prisma.NotificationGetPayload<...>
    if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && node.left.text === 'Prisma') {
      const model = modelOfType(node.right.text);
      if (model) add(node, model.table, 'type', `type Prisma.${node.right.text}`);
    }
    // import type { User } from '@dataplat/db'
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === '@dataplat/db') {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const model = models.get((element.propertyName ?? element.name).text);
          if (model) add(element, model.table, 'type', `type ${model.name}`);
        }
      }
    }
    // Any string or template piece naming a known table: raw SQL in every form. A table named
    // only to derive its NOTIFY channel (kit changeChannel('tenant.migrations')) is not a use.
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && !isChannelName(node)) {
      for (const m of node.text.matchAll(sqlName)) {
        const table = `${m[2].toLowerCase()}.${m[3].toLowerCase()}`;
        if (!tables.has(table)) continue;
        const before = node.text.slice(0, m.index + m[1].length);
        if (!sqlBefore.test(before)) continue;
        add(node, table, /INSERT\s+INTO\s*$/i.test(before) ? 'insert' : 'other', 'sql');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** The production sources of every workspace (no tests, no generated client). */
function sourceFiles(): string[] {
  const roots = [
    ...readdirSync(join(ROOT, 'subgraphs')).map((s) => join(ROOT, 'subgraphs', s, 'src')),
    ...readdirSync(join(ROOT, 'packages')).map((p) => join(ROOT, 'packages', p, 'src')),
    join(ROOT, 'gateway', 'src'),
    join(ROOT, 'rest-facade', 'src'),
    join(ROOT, 'prisma', 'src'),
  ].filter((d) => existsSync(d));
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return e.name === 'generated' || e.name === 'node_modules' ? [] : walk(path);
      return /\.ts$/.test(e.name) && !/\.(test|d)\.ts$/.test(e.name) ? [path] : [];
    });
  return roots.flatMap(walk);
}

// ---- The checks ----------------------------------------------------------------------

const models = readModels();
const tables = new Set([...[...models.values()].map((m) => m.table), ...migrationTables(), ...Object.keys(TABLE_OWNERS)]);
const subgraphs = new Set(readdirSync(join(ROOT, 'subgraphs')));

function ownerOf(table: string): string | undefined {
  return TABLE_OWNERS[table] ?? (subgraphs.has(table.split('.')[0]) ? table.split('.')[0] : undefined);
}

const allowed = (use: Use) =>
  ALLOWED.find((a) => a.area === use.area && a.table === use.table && (use.access === 'insert' || use.access === 'type'));

describe('table ownership', () => {
  const uses = sourceFiles().flatMap((f) => usesIn(f, readFileSync(f, 'utf8'), models, tables));

  it('gives every table (Prisma models and migrations) an owner', () => {
    const unowned = [...tables].filter((t) => !ownerOf(t));
    expect(unowned).toEqual([]);
    expect([...models.values()].filter((m) => !m.schema).map((m) => m.name)).toEqual([]);
  });

  // A relation would let a delegate of one domain reach another's rows (`include`), unseen by
  // the scan below, and would tie the schemas together; within a schema it is the owner's.
  it('has no Prisma relation across schemas', () => {
    const crossing = [...models.values()].flatMap((m) => m.related.filter((r) => models.get(r)!.schema !== m.schema).map((r) => `${m.name} (${m.schema}) -> ${r} (${models.get(r)!.schema})`));
    expect(crossing).toEqual([]);
  });

  it("lets no domain use another domain's table, except as ALLOWED", () => {
    const violations = uses
      .filter((u) => ownerOf(u.table) !== u.area && !allowed(u))
      .map((u) => `${u.file}:${u.line} (${u.area}) uses ${u.table} of ${ownerOf(u.table)} [${u.access}: ${u.via}]`);
    expect(violations).toEqual([]);
  });

  it('needs every ALLOWED entry', () => {
    const unused = ALLOWED.filter((a) => !uses.some((u) => u.area === a.area && u.table === a.table)).map((a) => `${a.area} -> ${a.table}`);
    expect(unused).toEqual([]);
  });

  it('finds uses of every kind in the code (the scan is not blind)', () => {
    const found = (area: string, table: string, via: RegExp) => uses.some((u) => u.area === area && u.table === table && via.test(u.via));
    expect(found('identity', 'identity.users', /^prisma /)).toBe(true);
    expect(found('notification', 'notification.notifications', /^type /)).toBe(true);
    expect(found('db', 'public._migrations', /^sql$/)).toBe(true);
    expect(new Set(uses.map((u) => u.area))).toEqual(new Set([...subgraphs, 'edge', 'db']));
  });
});

describe('usesIn', () => {
  const file = join(ROOT, 'subgraphs', 'notification', 'src', 'example.ts');
  const scan = (text: string) => usesIn(file, text, models, tables).map((u) => `${u.table} ${u.access} ${u.via}`);

  it('finds Prisma delegate calls, with what they do', () => {
    expect(scan('await db.user.count({}); await tx.notificationOutbox.create({ data });')).toEqual([
      'identity.users other prisma user.count',
      'platform.notification_outbox insert prisma notificationOutbox.create',
    ]);
  });

  it('finds tables in raw SQL of every form, quoted or not, but not in comments or prose', () => {
    const text = [
      '// identity.users is read elsewhere',
      'await db.$queryRaw`SELECT id FROM identity.users WHERE tenant_id = ${t}`;',
      'await db.$executeRaw`INSERT INTO "audit"."intake" (id) VALUES (${id})`;',
      "await client.query('UPDATE tenant.tenants SET status = $1');",
      'const part = Prisma.sql`JOIN billing.invoices i ON i.id = x.id`;',
      "const label = 'identity.security';",
      "log.error('record set aside in audit.intake_dead_letters');",
      "const TABLE = 'config.feature_flags';",
      "const CHANNEL = changeChannel('tenant.migrations');",
      'await tx.$executeRaw`DELETE FROM notification.deliveries WHERE id IN (SELECT id FROM notification.deliveries LIMIT 1)`;',
    ].join('\n');
    expect(scan(text)).toEqual([
      'identity.users other sql',
      'audit.intake insert sql',
      'tenant.tenants other sql',
      'billing.invoices other sql',
      'config.feature_flags other sql',
      'notification.deliveries other sql',
      'notification.deliveries other sql',
    ]);
  });

  it("finds another domain's Prisma types", () => {
    expect(scan("import type { User, Prisma } from '@dataplat/db';\nlet w: Prisma.UserWhereInput; let r: Prisma.ApiKeyRotationGetPayload<object>;")).toEqual([
      'identity.users type type User',
      'identity.users type type Prisma.UserWhereInput',
      'identity.api_key_rotations type type Prisma.ApiKeyRotationGetPayload',
    ]);
  });
});
