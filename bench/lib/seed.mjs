// Realistic data, fast: tenants, thousands of users (one shared argon2 hash: hashing each
// would take minutes and measures nothing), tenant admins and roles, straight into the tables.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const argon2 = require('argon2');

export const PASSWORD = 'bench-user-password';

export async function seed(databaseUrl, { tenants = 5, usersPerTenant = 2000 } = {}) {
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seeded = [];
  try {
    const roles = Object.fromEntries((await client.query('SELECT id, name FROM identity.roles WHERE tenant_id IS NULL')).rows.map((r) => [r.name, r.id]));
    for (let t = 0; t < tenants; t++) {
      const tenantId = randomUUID();
      await client.query('BEGIN');
      // The tenant service's record, so the cross-subgraph scenario resolves a real tenant.
      await client.query(
        `INSERT INTO tenant.tenants (id, name, slug, plan, tier, region, admin_email, status, activated_at, updated_at)
         VALUES ($1, $2, $3, 'PROFESSIONAL', 'professional', 'eu-west-1', $4, 'ACTIVE', now(), now())`,
        [tenantId, `Bench tenant ${t}`, `bench-${t}-${tenantId.slice(0, 8)}`, `user1@t${t}.bench.test`],
      );
      await client.query(
        `INSERT INTO identity.users (tenant_id, id, email, first_name, last_name, password_hash, email_verified, updated_at, created_at)
         SELECT $1::uuid, gen_random_uuid(), 'user' || g || '@t${t}.bench.test', 'First' || g, 'Last' || (g % 97), $2, true, now(), now() - (g || ' seconds')::interval
           FROM generate_series(1, $3) g`,
        [tenantId, hash, usersPerTenant],
      );
      await client.query(`INSERT INTO identity.user_roles (tenant_id, user_id, role_id) SELECT tenant_id, id, $2 FROM identity.users WHERE tenant_id = $1`, [tenantId, roles.USER]);
      await client.query(
        `INSERT INTO identity.roles (tenant_id, name, description, system_role, updated_at)
         SELECT $1::uuid, 'custom-role-' || g, 'Seeded custom role', false, now() FROM generate_series(1, 10) g`,
        [tenantId],
      );
      const admin = await client.query(`SELECT id FROM identity.users WHERE tenant_id = $1 AND email = 'user1@t${t}.bench.test'`, [tenantId]);
      await client.query('INSERT INTO identity.user_roles (tenant_id, user_id, role_id) VALUES ($1, $2, $3)', [tenantId, admin.rows[0].id, roles.ADMIN]);
      await client.query('COMMIT');
      seeded.push({ tenantId, adminEmail: `user1@t${t}.bench.test`, userEmail: `user2@t${t}.bench.test` });
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
  return seeded;
}
