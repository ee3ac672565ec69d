// Writes the catalogue of docs/errors.md from the error blocks (npm run docs:errors); with
// --check, writes nothing and exits 1 when the page is out of date.
import { errorsDoc, ERRORS_DOC } from '../errors-doc';
import { writeGeneratedDoc } from './generated-doc';

const { current, generated } = errorsDoc();
writeGeneratedDoc(ERRORS_DOC, current, generated, 'npm run docs:errors');
