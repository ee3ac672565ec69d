// Writes the route reference of docs/rest-facade.md from the facade's routes (npm run
// docs:routes); with --check, writes nothing and exits 1 when the page is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { renderRouteDoc, ROUTE_DOC } from '../route-docs';

const current = readFileSync(ROUTE_DOC, 'utf8');
const generated = renderRouteDoc(current);
const page = relative(process.cwd(), ROUTE_DOC);
if (current === generated) {
  process.stdout.write(`${page} is up to date\n`);
} else if (process.argv.includes('--check')) {
  process.stderr.write(`${page} is out of date: run npm run docs:routes\n`);
  process.exitCode = 1;
} else {
  writeFileSync(ROUTE_DOC, generated);
  process.stdout.write(`${page} written\n`);
}
