import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorBlocks } from '@dataplat/kit';
import { ERROR_BLOCKS, errorsDoc } from './errors-doc';

const ROOT = join(__dirname, '..', '..', '..');

/** docs/errors.md is generated from the error blocks; these tests keep the two, and the blocks, in step. */
describe('docs/errors.md', () => {
  it('is what the error blocks generate (else: npm run docs:errors)', () => {
    const { current, generated } = errorsDoc();
    if (current === generated) return;
    const was = current.split('\n');
    const is = generated.split('\n');
    const differs = is.findIndex((l, i) => l !== was[i]);
    const line = differs === -1 ? is.length : differs;
    throw new Error(
      `docs/errors.md differs from what the error blocks generate: run \`npm run docs:errors\` and commit the page.\n` +
        `First difference at line ${line + 1}:\n  page:      ${was[line] ?? '(end)'}\n  generated: ${is[line] ?? '(end)'}`,
    );
  });
});

describe('the error blocks', () => {
  it('are all in docs/errors.md: every block registered, and every subgraphs/*/src/errors.ts', () => {
    expect(new Set(errorBlocks())).toEqual(new Set(ERROR_BLOCKS));
    const declared = readdirSync(join(ROOT, 'subgraphs'))
      .map((d) => `subgraphs/${d}/src/errors.ts`)
      .filter((f) => existsSync(join(ROOT, f)));
    expect(declared.length).toBeGreaterThan(0);
    for (const file of declared) expect(ERROR_BLOCKS.map((b) => b.info.source)).toContain(file);
  });

  it.each(ERROR_BLOCKS.map((b) => [`${b.prefix}: ${b.info.title}`, b] as const))('%s names its source and page truly', (_, block) => {
    expect(readFileSync(join(ROOT, block.info.source), 'utf8')).toContain(`defineErrors('${block.prefix}'`);
    if (block.info.doc) expect(existsSync(join(ROOT, 'docs', block.info.doc))).toBe(true);
  });

  it('number each prefix in order within each range of twenty, without gaps', () => {
    // A prefix may be split into ranges reserved per area (IAM 001-019, 020-039, ...) and
    // between blocks (kit declares IAM 010 and 088); inside a range, codes run on from its first.
    const ranges = new Map<string, number[]>();
    for (const { prefix, entries } of ERROR_BLOCKS) {
      for (const { number } of entries) {
        const key = `${prefix}:${Math.floor(number / 20)}`;
        ranges.set(key, [...(ranges.get(key) ?? []), number]);
      }
    }
    for (const [range, numbers] of ranges) {
      const sorted = [...numbers].sort((a, b) => a - b);
      expect({ range, numbers: sorted }).toEqual({ range, numbers: sorted.map((_, i) => sorted[0] + i) });
    }
  });
});
