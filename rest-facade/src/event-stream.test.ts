import { sseFrame } from './event-stream';

describe('sseFrame', () => {
  it('writes one server-sent event with JSON data on one line', () => {
    expect(sseFrame('status', { a: 'x\ny', n: 1 })).toBe('event: status\ndata: {"a":"x\\ny","n":1}\n\n');
    expect(sseFrame('complete', null)).toBe('event: complete\ndata: null\n\n');
  });
});
