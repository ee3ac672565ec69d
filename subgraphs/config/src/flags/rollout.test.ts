import murmurHash3 from 'murmurhash3js';
import { inRollout, normalizedValue, ROLLOUT_BUCKETS, VARIANT_SEED } from './rollout';

describe('rollout hashing', () => {
  it('is MurmurHash3 x86_32: published test vectors (SMHasher)', () => {
    expect(murmurHash3.x86.hash32('', 0)).toBe(0);
    expect(murmurHash3.x86.hash32('', 1)).toBe(0x514e28b7);
    expect(murmurHash3.x86.hash32('hello', 0)).toBe(0x248bfa47);
    expect(murmurHash3.x86.hash32('Hello, world!', 1234)).toBe(0xfaf6cdb3);
    expect(murmurHash3.x86.hash32('The quick brown fox jumps over the lazy dog', 0)).toBe(0x2e4ff723);
  });

  it("matches Unleash's cross-client normalizedValue vectors (node, java and go clients)", () => {
    expect(normalizedValue('123', 'gr1', 100)).toBe(73);
    expect(normalizedValue('999', 'groupX', 100)).toBe(25);
  });

  it('pins the buckets of this platform (10000 buckets, seed 0; variants seed 86028157)', () => {
    // Golden values: a change of hash, seed or input format would move every caller.
    const buckets = ['user-1', 'user-2', 'user-42', 'alice'].map((id) => normalizedValue(id, 'new-checkout', ROLLOUT_BUCKETS));
    expect(buckets).toEqual([632, 790, 775, 841]);
    expect(normalizedValue('user-1', 'new-checkout', 1000, VARIANT_SEED)).toBe(756);
  });

  it('puts 10 000 ids at 30 % within ±1.5 points, and the same ids again in a second pass', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `device-${i}`);
    const first = ids.map((id) => inRollout(id, 'rollout-test', 30));
    const share = first.filter(Boolean).length / ids.length;
    expect(share).toBeGreaterThan(0.285);
    expect(share).toBeLessThan(0.315);
    expect(ids.map((id) => inRollout(id, 'rollout-test', 30))).toEqual(first);
  });

  it('grows monotonically: whoever is in at 10 % is still in at 30 %', () => {
    for (let i = 0; i < 2000; i++) {
      if (inRollout(`u${i}`, 'g', 10)) expect(inRollout(`u${i}`, 'g', 30)).toBe(true);
    }
  });

  it('is all or nothing at 100 and 0', () => {
    expect(inRollout('x', 'g', 100)).toBe(true);
    expect(inRollout('x', 'g', 0)).toBe(false);
  });
});
