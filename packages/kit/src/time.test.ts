import { parseIsoInstant } from './time';

describe('parseIsoInstant', () => {
  it.each([
    ['2026-11-21', '2026-11-21T00:00:00.000Z'],
    ['2026-11-21T10:00:00Z', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21T10:00:00.5+02:00', '2026-11-21T08:00:00.500Z'],
    ['2026-11-21 10:00Z', '2026-11-21T10:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseIsoInstant(text)?.toISOString()).toBe(iso);
  });

  it.each(['', 'yesterday', '2026-13-01', '2026-11-21T10:00:00', '1700000000', '2026-02-30T00:00:00Z x'])('refuses %p', (text) => {
    expect(parseIsoInstant(text)).toBeNull();
  });
});
