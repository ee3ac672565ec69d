import { boundedInt, dayRange, parseDay, parseMonth } from './cost-dates';

describe('cost dates', () => {
  it('parses yyyy-MM-dd and refuses anything else with 400 DPF-TEN-105', () => {
    expect(parseDay('date', '2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    for (const bad of ['2026-02-30', '2026-2-01', 'yesterday', '2026-02-28T10:00:00Z', '']) {
      expect(() => parseDay('date', bad)).toThrow(expect.objectContaining({ code: 'DPF-TEN-105' }));
    }
  });

  it('parses yyyy-MM months', () => {
    expect(parseMonth('month', '2026-12').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(() => parseMonth('month', '2026-13')).toThrow(expect.objectContaining({ code: 'DPF-TEN-105' }));
  });

  it('bounds integers and periods', () => {
    expect(boundedInt('months', undefined, 12, 1, 60)).toBe(12);
    expect(() => boundedInt('months', 0, 12, 1, 60)).toThrow(expect.objectContaining({ code: 'DPF-TEN-105' }));
    expect(() => dayRange(parseDay('s', '2026-03-02'), parseDay('e', '2026-03-01'), 366)).toThrow(expect.objectContaining({ code: 'DPF-TEN-105' }));
  });
});
