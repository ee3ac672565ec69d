// Writes the catalogue of docs/errors.md from the error blocks (npm run docs:errors); with
// --check, writes nothing and exits 1 when the page is out of date.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { errorsDoc, ERRORS_DOC } from '../errors-doc';

const { current, generated } = errorsDoc();
const page = relative(process.cwd(), ERRORS_DOC);
if (current === generated) {
  process.stdout.write(`${page} is up to date\n`);
} else if (process.argv.includes('--check')) {
  process.stderr.write(`${page} is out of date: run npm run docs:errors\n`);
  process.exitCode = 1;
} else {
  writeFileSync(ERRORS_DOC, generated);
  process.stdout.write(`${page} written\n`);
}
