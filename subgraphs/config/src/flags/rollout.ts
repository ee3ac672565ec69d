import murmurHash3 from 'murmurhash3js';

/** Seeds as in Unleash's clients: 0 for rollouts, 86028157 for variants. */
export const ROLLOUT_SEED = 0;
export const VARIANT_SEED = 86028157;
/** Rollout buckets: 1..10000, so percentages have two decimals (30.25 % = 3025 buckets). */
export const ROLLOUT_BUCKETS = 10000;

/**
 * Unleash's `normalizedValue`: MurmurHash3 x86 32-bit (unsigned, package `murmurhash3js`,
 * which hashes the low byte of each UTF-16 code unit) of `<groupId>:<id>` with the seed,
 * then `hash % normalizer + 1`, a number in 1..normalizer. Pure and deterministic: the same
 * inputs give the same bucket in every process, on every restart.
 */
export function normalizedValue(id: string, groupId: string, normalizer: number, seed = ROLLOUT_SEED): number {
  return (murmurHash3.x86.hash32(`${groupId}:${id}`, seed) % normalizer) + 1;
}

/** Whether `id` falls in the first `percentage` % of the group's buckets. */
export function inRollout(id: string, groupId: string, percentage: number): boolean {
  if (percentage >= 100) return true;
  if (percentage <= 0) return false;
  return normalizedValue(id, groupId, ROLLOUT_BUCKETS) <= Math.round(percentage * 100);
}
