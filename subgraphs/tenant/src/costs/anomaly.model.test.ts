import { detectAnomaly } from './anomaly.model';
import { Decimal } from './attribution.model';

const d = (v: number) => new Decimal(v);
const week = [100, 110, 90, 100, 100, 120, 80].map(d); // mean 700 / 7 = 100

describe('detectAnomaly', () => {
  it('is a SPIKE when actual - mean of the previous days exceeds the threshold', () => {
    // 250 - 100 = 150 > 100: SPIKE, 150 / 100 = 150 %
    expect(detectAnomaly(d(250), week, d(100))).toMatchObject({ anomalyType: 'SPIKE', deviationPercent: 150 });
    expect(detectAnomaly(d(250), week, d(100))!.expected.toNumber()).toBe(100);
    expect(detectAnomaly(d(250), week, d(100))!.deviation.toNumber()).toBe(150);
  });

  it('is nothing when the deviation equals the threshold (strictly greater)', () => {
    // 200 - 100 = 100, not > 100
    expect(detectAnomaly(d(200), week, d(100))).toBeNull();
  });

  it('reports a DROP when expected - actual exceeds the threshold', () => {
    // 40 - 100 = -60; 60 > 50: DROP, -60 %
    expect(detectAnomaly(d(40), week, d(50))).toMatchObject({ anomalyType: 'DROP', deviationPercent: -60 });
  });

  it('needs at least 3 days of history', () => {
    expect(detectAnomaly(d(1000), [d(1), d(1)], d(100))).toBeNull();
    // 3 days of 10: mean 10, 1000 - 10 = 990
    expect(detectAnomaly(d(1000), [d(10), d(10), d(10)], d(100))).toMatchObject({ anomalyType: 'SPIKE', deviationPercent: 9900 });
  });

  it('has no percentage when nothing was expected', () => {
    expect(detectAnomaly(d(150), [d(0), d(0), d(0)], d(100))).toMatchObject({ anomalyType: 'SPIKE', deviationPercent: null });
  });
});
