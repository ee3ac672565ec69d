#!/usr/bin/env node
// The notification subgraph as its own process (distributed mode): DATABASE_URL required,
// listens on HOST:NOTIFICATION_PORT (8085) and runs a delivery dispatcher. Dispatchers claim
// outbox rows with FOR UPDATE SKIP LOCKED, so any number of replicas may run together.
import { runSubgraphMain } from '@dataplat/db';
import { startNotification } from './server';

runSubgraphMain('notification', startNotification);
