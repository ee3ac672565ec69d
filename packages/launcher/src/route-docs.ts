import { join } from 'node:path';
import '@dataplat/gateway';
import { rootFieldGuards } from '@dataplat/kit';
import { ROUTES, routeReference, withRouteReference } from '@dataplat/rest-facade';
// Loads every subgraph of the registry, whose resolver classes register their @Authorized guards as they load.
import './registry';

/** The document holding the generated route reference. */
export const ROUTE_DOC = join(__dirname, '..', '..', '..', 'docs', 'rest-facade.md');

/**
 * docs/rest-facade.md with its route reference regenerated from the facade's ROUTES and the
 * guards of the fields they call. The launcher does it because only it loads every subgraph
 * (and the edge's own `gateway` subgraph).
 */
export function renderRouteDoc(doc: string): string {
  return withRouteReference(doc, routeReference(ROUTES, rootFieldGuards()));
}
