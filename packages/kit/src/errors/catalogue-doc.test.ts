import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import './catalogue';
import { ERROR_CATALOGUE } from './define';

/** docs/errors.md is the published catalogue: it must list every code with its status. */
describe('docs/errors.md', () => {
  const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'errors.md'), 'utf8');

  it.each(Object.entries(ERROR_CATALOGUE))('documents %s with its status', (code, info) => {
    expect(doc).toMatch(new RegExp(`\\| \`${code}\` \\| ${info.status} \\|`));
  });
});
