/** A delivery is given up (FAILED) after this many attempts. */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** Longest wait between two attempts. */
export const MAX_BACKOFF_SECONDS = 3600;

/**
 * Seconds to wait after the `attempts`-th failed attempt: base x 2^(attempts-1), capped at an
 * hour (base 30 s: 30 s, 1 min, 2 min, 4 min, ...), plus up to 10 % random jitter so that
 * deliveries that failed together do not retry together.
 */
export function backoffSeconds(attempts: number, baseSeconds: number, random: () => number = Math.random): number {
  const plain = Math.min(MAX_BACKOFF_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
  return plain + plain * 0.1 * random();
}
