import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, startSubgraphServer, tokenServiceFromConfig, type Logger, type PlatformConfig, type RunningSubgraph } from '@dataplat/kit';
import { buildIdentitySchema } from './identity';
import { OutboxDispatcher } from './notifications/dispatcher';
import { emailTransportFrom } from './notifications/email-transport';

export interface IdentityServerOptions {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  port?: number;
}

/**
 * Starts the identity subgraph on its port (8081 by default; 0 picks a free one) and the
 * dispatcher that delivers its queued e-mails.
 */
export async function startIdentity(opts: IdentityServerOptions): Promise<RunningSubgraph> {
  const tokens = await tokenServiceFromConfig(opts.config);
  const schema = await buildIdentitySchema({ db: opts.db, tokens, config: opts.config });
  const server = await startSubgraphServer({
    name: 'identity',
    schema,
    principals: await PrincipalCodec.create(opts.config.JWT_SECRET),
    logger: opts.logger,
    host: opts.config.HOST,
    port: opts.port ?? opts.config.IDENTITY_PORT,
  });
  const transport = emailTransportFrom(opts.config);
  const dispatcher = new OutboxDispatcher(opts.db, transport, opts.config.MAIL_FROM, opts.logger);
  dispatcher.start();
  opts.logger.info({ transport: transport.name }, 'e-mail dispatcher started');
  return {
    ...server,
    close: async () => {
      await dispatcher.stop();
      await server.close();
    },
  };
}
