import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * The end of a document generator's CLI: writes `generated` to `file` when it differs from
 * `current`; with --check, writes nothing and exits 1 when the page is out of date, naming
 * `command` (the npm script that regenerates it).
 */
export function writeGeneratedDoc(file: string, current: string, generated: string, command: string): void {
  const page = relative(process.cwd(), file);
  if (current === generated) {
    process.stdout.write(`${page} is up to date\n`);
  } else if (process.argv.includes('--check')) {
    process.stderr.write(`${page} is out of date: run ${command}\n`);
    process.exitCode = 1;
  } else {
    writeFileSync(file, generated);
    process.stdout.write(`${page} written\n`);
  }
}
