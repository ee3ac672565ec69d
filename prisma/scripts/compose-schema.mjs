#!/usr/bin/env node
// Composes prisma/schema and every subgraphs/<name>/prisma/*.prisma into prisma/.composed-schema,
// the folder `generate` reads (see schema-sources.mjs).
import { composeSchema, schemaOwners } from './schema-sources.mjs';

composeSchema(schemaOwners().flatMap((o) => o.schemaFiles));
