#!/usr/bin/env node
// The configuration subgraph as its own process (distributed mode): DATABASE_URL required,
// listens on HOST:CONFIG_PORT (8888). Migrations are idempotent and locked, so any number
// of replicas may start together.
import { runSubgraphMain } from '@dataplat/db';
import { startConfig } from './server';

runSubgraphMain('config', startConfig);
