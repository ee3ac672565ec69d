#!/usr/bin/env node
// One subgraph as its own process (distributed mode): `node packages/launcher/dist/subgraph-main.js <name>`,
// any name of the registry. DATABASE_URL and the URL of each peer it calls are required; it
// listens on HOST:<NAME>_PORT. Migrations and seeds are idempotent and locked, so any number
// of replicas may start together.
import { createPrismaClient, runMigrations } from '@dataplat/db';
import { PgWakeChannel, requireSetting, runMain } from '@dataplat/kit';
import { SUBGRAPH_PERMISSIONS, SUBGRAPHS, SUBGRAPH_SETTINGS } from './registry';
import { portOf, remotePeers } from './subgraphs';

const name = process.argv[2];
const subgraph = SUBGRAPHS.find((s) => s.name === name);
if (!subgraph) {
  process.stderr.write(`usage: subgraph-main.js <name>, one of: ${SUBGRAPHS.map((s) => s.name).join(', ')}\n`);
  process.exit(2);
}

runMain(
  subgraph.name,
  async (config, logger) => {
    const url = requireSetting(config.DATABASE_URL, 'DATABASE_URL', `to run the ${subgraph.name} subgraph on its own`);
    const peerUrl = remotePeers(config, subgraph);
    await runMigrations(url);
    const db = createPrismaClient(url);
    // The process's one LISTEN connection: its background loops wake on it.
    const changes = await PgWakeChannel.open(url, { logger, applicationName: `dataplat-${subgraph.name}-listener` });
    try {
      const seeded = await subgraph.seed?.({ db, config, logger, permissions: SUBGRAPH_PERMISSIONS });
      if (seeded?.generatedAdminPassword) {
        process.stdout.write(`\n  Bootstrap platform admin created: ${config.PLATFORM_ADMIN_EMAIL} / ${seeded.generatedAdminPassword}\n  (shown only this once)\n\n`);
      }
      const server = await subgraph.start({ db, changes, config, logger, port: portOf(config, subgraph), peerUrl });
      logger.info({ url: server.url }, `${subgraph.name} subgraph ready`);
      return async () => {
        await server.close();
        await changes.close();
        await db.$disconnect();
      };
    } catch (e) {
      await changes.close();
      await db.$disconnect();
      throw e;
    }
  },
  SUBGRAPH_SETTINGS,
);
