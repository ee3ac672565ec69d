import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteSpec } from '../route-spec';

/**
 * Every route the facade serves: each folder here is one domain whose index exports its
 * `routes` (one file per spec section), found at load time in name order. A new domain's
 * folder needs no edit elsewhere.
 */
export const ROUTES: RouteSpec[] = domainFolders().flatMap((folder) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { routes } = require(join(__dirname, folder)) as { routes?: RouteSpec[] };
  if (!Array.isArray(routes)) throw new Error(`rest-facade/src/routes/${folder}/index must export its routes as \`routes\``);
  return routes;
});

function domainFolders(): string[] {
  return readdirSync(__dirname, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}
