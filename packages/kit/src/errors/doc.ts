import type { ErrorBlock } from './define';

/** The generated part of docs/errors.md lies between these lines; the rest is written by hand. */
export const ERRORS_DOC_BEGIN = '<!-- errors:begin: generated from the error blocks by `npm run docs:errors`; edit the blocks, not this -->';
export const ERRORS_DOC_END = '<!-- errors:end -->';

/** A table cell: `|` escaped (GitHub Markdown splits cells on it, even in code spans). */
const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The catalogue as Markdown: one section per block, in the order given, each with its
 * heading (`### <PREFIX>: <title>`, linking its page), where it is declared, its notes and a
 * table of its codes by number.
 */
export function renderErrorBlocks(blocks: readonly ErrorBlock[]): string {
  return blocks
    .map(({ prefix, info, entries }) => {
      const heading = `### ${prefix}: ${info.title}${info.doc ? ` ([${info.doc}](${info.doc}))` : ''}`;
      const about = `Declared in \`${info.source}\`.${info.notes ? ` ${info.notes}` : ''}`;
      const rows = [...entries]
        .sort((a, b) => a.number - b.number)
        .map((e) => `| \`${e.code}\` | ${e.status} | ${cell(e.message)} | ${cell(e.when)} |`);
      return [heading, '', about, '', '| Code | Status | Default message | When |', '|---|---|---|---|', ...rows].join('\n');
    })
    .join('\n\n');
}

/**
 * `doc` with the text between its markers replaced by the catalogue of `blocks`. Throws when
 * the markers are missing or out of order.
 */
export function withErrorCatalogue(doc: string, blocks: readonly ErrorBlock[]): string {
  const begin = doc.indexOf(ERRORS_DOC_BEGIN);
  const end = doc.indexOf(ERRORS_DOC_END);
  if (begin === -1 || end < begin) throw new Error(`the page has no "${ERRORS_DOC_BEGIN}" line followed by "${ERRORS_DOC_END}"`);
  return `${doc.slice(0, begin + ERRORS_DOC_BEGIN.length)}\n\n${renderErrorBlocks(blocks)}\n\n${doc.slice(end)}`;
}
