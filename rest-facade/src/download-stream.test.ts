import { csvWriter, jsonWriter } from './download-stream';

describe('download writers', () => {
  const columns: Array<[string, string]> = [['id', 'id'], ['note', 'note'], ['details', 'details'], ['missing', 'missing']];

  it('writes RFC 4180 CSV: header, CRLF, quoting of comma, quote and line break, doubled quotes', () => {
    const w = csvWriter(columns);
    const text = w.start() + w.items([{ id: 1, note: 'plain' }, { id: 2, note: 'a,b "q"\nline', details: { k: 'v' } }]) + w.end();
    expect(text).toBe('id,note,details,missing\r\n1,plain,,\r\n2,"a,b ""q""\nline","{""k"":""v""}",\r\n');
  });

  it('writes CSV that a CSV parser reads back to the same values', () => {
    const w = csvWriter(columns);
    const items = [{ id: 'x', note: '=1+1, "quoted"\r\nnext' }, { id: 'y', note: '' }];
    const [header, ...rows] = parseCsv(w.start() + w.items(items));
    expect(header).toEqual(['id', 'note', 'details', 'missing']);
    expect(rows.map((r) => r[1])).toEqual(['=1+1, "quoted"\r\nnext', '']);
  });

  it('writes one JSON array across pages, also when empty', () => {
    const w = jsonWriter();
    const text = w.start() + w.items([{ a: 1 }, { a: 2 }]) + w.items([]) + w.items([{ a: 3 }]) + w.end();
    expect(JSON.parse(text)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    const empty = jsonWriter();
    expect(JSON.parse(empty.start() + empty.items([]) + empty.end())).toEqual([]);
  });
});

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF records), for the round trip. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        field += text.slice(i, q);
        i = q + 1;
        if (text[i] === '"') {
          field += '"';
          i++;
        } else break;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') field += text[i++];
    }
    record.push(field);
    if (text[i] === ',') i++;
    else {
      records.push(record);
      record = [];
      i += 2; // CRLF
    }
  }
  return records;
}
