import { gaugeUsage, integrateLevel } from './usage.model';

const day = new Date('2026-03-10T00:00:00.000Z');
const next = new Date('2026-03-11T00:00:00.000Z');
const at = (hh: string) => new Date(`2026-03-10T${hh}:00:00.000Z`);

describe('gauge usage of a day', () => {
  it('integrates CPU millicores into core-hours', () => {
    // 2000 m from 00:00 to 06:00 (12 000 m-h), 3000 m to 18:00 (36 000 m-h), 0 m to 24:00:
    // 48 000 millicore-hours / 1000 = 48 core-hours
    expect(gaugeUsage('CPU', 2000, [{ at: at('06'), amount: 1000 }, { at: at('18'), amount: -3000 }], day, next).toFixed(6)).toBe('48.000000');
  });

  it('integrates memory MiB into GiB-hours and storage GiB into GiB-days', () => {
    // 1024 MiB all day = 1 GiB x 24 h
    expect(gaugeUsage('MEMORY', 1024, [], day, next).toFixed(6)).toBe('24.000000');
    // 0 GiB until 12:00 then 100 GiB: 100 GiB x 0.5 day = 50 GiB-days
    expect(gaugeUsage('STORAGE', 0, [{ at: at('12'), amount: 100 }], day, next).toFixed(6)).toBe('50.000000');
  });

  it('stops at the end of the window (today: now)', () => {
    // 1000 m from 00:00 to 03:00 = 3000 m-h = 3 core-hours
    expect(gaugeUsage('CPU', 1000, [], day, at('03')).toFixed(6)).toBe('3.000000');
    expect(integrateLevel(5, [], day, day).toNumber()).toBe(0);
  });
});
