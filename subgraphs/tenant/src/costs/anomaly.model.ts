import { Decimal, type Dec, sum } from './attribution.model';

/** Anomaly rule (docs/tenant-costs.md "Anomalies"). */
export const ANOMALY_HISTORY_DAYS = 7;
/** Fewer attributed days than this in the window: no expectation, no anomaly reported. */
export const ANOMALY_MIN_HISTORY_DAYS = 3;
export const ANOMALY_DEFAULT_THRESHOLD = 100;

export interface AnomalyVerdict {
  expected: Dec;
  deviation: Dec;
  /** deviation / expected x 100, 2 decimals; null when expected is 0 */
  deviationPercent: number | null;
  anomalyType: 'SPIKE' | 'DROP';
}

/**
 * expected = mean of the tenant's daily costs on the attributed days among the previous
 * ANOMALY_HISTORY_DAYS days; deviation = actual - expected. SPIKE when deviation > threshold,
 * DROP when -deviation > threshold; otherwise (or with too little history) null.
 */
export function detectAnomaly(actual: Dec, history: Dec[], threshold: Dec): AnomalyVerdict | null {
  if (history.length < ANOMALY_MIN_HISTORY_DAYS) return null;
  const expected = sum(history).div(history.length).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  const deviation = actual.minus(expected);
  let anomalyType: AnomalyVerdict['anomalyType'];
  if (deviation.gt(threshold)) anomalyType = 'SPIKE';
  else if (deviation.neg().gt(threshold)) anomalyType = 'DROP';
  else return null;
  const deviationPercent = expected.isZero() ? null : deviation.div(expected).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
  return { expected, deviation, deviationPercent, anomalyType };
}
