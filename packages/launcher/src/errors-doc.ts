import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorBlockOf, KIT_ERROR_BLOCKS, withErrorCatalogue, type ErrorBlock } from '@dataplat/kit';
import { SUBGRAPHS } from './registry';

/**
 * Every error block of the platform, in the order of docs/errors.md: kit's, then each
 * subgraph's (its declaration's `errors`), in registry order.
 */
export const ERROR_BLOCKS: readonly ErrorBlock[] = [...KIT_ERROR_BLOCKS, ...SUBGRAPHS.flatMap((s) => (s.errors ? [errorBlockOf(s.errors)] : []))];

/** The repository's docs/errors.md (from src/ and dist/ alike). */
export const ERRORS_DOC = join(__dirname, '..', '..', '..', 'docs', 'errors.md');

/** docs/errors.md as it is, and as the error blocks generate it. */
export function errorsDoc(): { current: string; generated: string } {
  const current = readFileSync(ERRORS_DOC, 'utf8');
  return { current, generated: withErrorCatalogue(current, ERROR_BLOCKS) };
}
