import { defineErrors, errorBlockOf } from './define';
import { ERRORS_DOC_BEGIN, ERRORS_DOC_END, renderErrorBlocks, withErrorCatalogue } from './doc';

const DocError = defineErrors(
  'DOC',
  {
    LATER: { number: 2, status: 409, message: 'Later', when: 'Declared first, numbered second' },
    PIPES: { number: 1, status: 400, message: 'A | B', when: '`details: {location: path|query}`' },
  },
  { title: 'documented things', source: 'packages/kit/src/errors/doc.test.ts', doc: 'things.md', notes: 'Ranges: none.' },
);
const Bare = defineErrors('DOB', { ONLY: { number: 1, status: 500, message: 'Only', when: 'Always' } }, { title: 'bare', source: 'x.ts' });
const blocks = [errorBlockOf(DocError), errorBlockOf(Bare)];

describe('renderErrorBlocks', () => {
  it('renders a section per block: heading with its page, source and notes, then its codes by number', () => {
    expect(renderErrorBlocks(blocks)).toBe(
      [
        '### DOC: documented things ([things.md](things.md))',
        '',
        'Declared in `packages/kit/src/errors/doc.test.ts`. Ranges: none.',
        '',
        '| Code | Status | Default message | When |',
        '|---|---|---|---|',
        '| `DPF-DOC-001` | 400 | A \\| B | `details: {location: path\\|query}` |',
        '| `DPF-DOC-002` | 409 | Later | Declared first, numbered second |',
        '',
        '### DOB: bare',
        '',
        'Declared in `x.ts`.',
        '',
        '| Code | Status | Default message | When |',
        '|---|---|---|---|',
        '| `DPF-DOB-001` | 500 | Only | Always |',
      ].join('\n'),
    );
  });
});

describe('withErrorCatalogue', () => {
  const page = `# Errors\n\nBy hand.\n\n${ERRORS_DOC_BEGIN}\nold table\n${ERRORS_DOC_END}\n\n## After\n`;

  it('replaces what lies between the markers and keeps the rest', () => {
    const out = withErrorCatalogue(page, blocks);
    expect(out).toBe(`# Errors\n\nBy hand.\n\n${ERRORS_DOC_BEGIN}\n\n${renderErrorBlocks(blocks)}\n\n${ERRORS_DOC_END}\n\n## After\n`);
    expect(withErrorCatalogue(out, blocks)).toBe(out);
  });

  it('refuses a page without both markers in order', () => {
    expect(() => withErrorCatalogue('# Errors\n', blocks)).toThrow(/has no "<!-- errors:begin/);
    expect(() => withErrorCatalogue(`${ERRORS_DOC_END}\n${ERRORS_DOC_BEGIN}\n`, blocks)).toThrow(/has no/);
  });
});
