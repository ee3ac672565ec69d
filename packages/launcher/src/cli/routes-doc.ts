// Writes the route reference of docs/rest-facade.md from the facade's routes (npm run
// docs:routes); with --check, writes nothing and exits 1 when the page is out of date.
import { readFileSync } from 'node:fs';
import { renderRouteDoc, ROUTE_DOC } from '../route-docs';
import { writeGeneratedDoc } from './generated-doc';

const current = readFileSync(ROUTE_DOC, 'utf8');
writeGeneratedDoc(ROUTE_DOC, current, renderRouteDoc(current), 'npm run docs:routes');
