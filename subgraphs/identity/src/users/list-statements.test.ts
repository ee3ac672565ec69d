import { randomUUID } from 'node:crypto';
import { catalogue } from '../catalogue';
import { IDENTITY_PERMISSIONS } from '../permissions';
import { createPrismaClient, openTestDatabase, type PrismaClient, type TestDatabase } from '@dataplat/db';
import { Loaders, loadConfig, SystemRole, tokenServiceFromConfig, type RequestContext } from '@dataplat/kit';
import { execute, parse, type GraphQLSchema } from 'graphql';
import { bootstrapIdentity } from '../bootstrap';
import { buildIdentitySchema } from '../identity';

/**
 * No N+1: listing users (with their roles) and roles (with permissions and user counts)
 * through the real resolvers costs the same number of SQL statements for 5 rows as for 50.
 */
jest.setTimeout(120_000);

let database: TestDatabase;
let db: PrismaClient;
let schema: GraphQLSchema;
let statements = 0;
const tenantId = randomUUID();

beforeAll(async () => {
  database = await openTestDatabase('n1');
  db = createPrismaClient(database.url, { queryEvents: true });
  (db as unknown as { $on(e: 'query', f: () => void): void }).$on('query', () => statements++);
  const config = loadConfig({ DATA_DIR: database.dir, JWT_SECRET: 'x'.repeat(40), PLATFORM_ADMIN_PASSWORD: 'bootstrap-password-1', LOG_LEVEL: 'silent' });
  await bootstrapIdentity(db, config, catalogue({ identity: IDENTITY_PERMISSIONS }));
  schema = await buildIdentitySchema({ db, tokens: await tokenServiceFromConfig(config), config });
  const roles = await db.role.findMany({ where: { tenantId: null } });
  for (let i = 0; i < 60; i++) {
    await db.user.create({
      data: {
        tenantId,
        email: `u${i}@n1.test`,
        firstName: `F${i}`,
        lastName: `L${i}`,
        passwordHash: 'x',
        emailVerified: true,
        roles: { create: roles.slice(0, 1 + (i % 3)).map((r) => ({ roleId: r.id })) },
      },
    });
  }
  for (let i = 0; i < 30; i++) await db.role.create({ data: { tenantId, name: `CUSTOM_${i}`, permissions: { create: [{ permissionId: 1 }, { permissionId: 2 }] } } });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.close();
});

async function statementsFor(query: string): Promise<number> {
  const context: RequestContext = {
    requestId: 'n1',
    principal: { kind: 'access_token', subject: randomUUID(), tenantId, homeTenantId: tenantId, roles: [SystemRole.ADMIN], scopes: [] },
    client: { ip: null, userAgent: null },
    log: { info() {}, warn() {}, error() {}, debug() {} } as unknown as RequestContext['log'],
    loaders: new Loaders(),
  };
  const before = statements;
  const result = await execute({ schema, document: parse(query), contextValue: context });
  expect(result.errors).toBeUndefined();
  return statements - before;
}

it('lists users with their roles in a constant number of statements', async () => {
  const five = await statementsFor('{ users(size: 5) { data { id email roles } pagination { total } } }');
  const fifty = await statementsFor('{ users(size: 50) { data { id email roles } pagination { total } } }');
  expect(fifty).toBe(five);
  // BEGIN, count, page, its user_roles with roles, COMMIT: the count and the page are one snapshot.
  expect(five).toBeLessThanOrEqual(6);
});

it('lists roles with permissions and user counts in a constant number of statements (DataLoader)', async () => {
  const few = await statementsFor('{ roles(size: 3) { data { id permissions { name } userCount } } }');
  const many = await statementsFor('{ roles(size: 30) { data { id permissions { name } userCount } } }');
  const all = await statementsFor('{ allRoles { id permissions { name } userCount } }');
  expect(many).toBe(few);
  expect(all).toBeLessThanOrEqual(few);
});
