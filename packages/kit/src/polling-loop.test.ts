import { CONTENDED_RETRY_MS, dueWorkLoop, FIRST_RETRY_MS, MIN_DUE_WAIT_MS, PollingLoop } from './polling-loop';
import { LocalWakeChannel } from './wake/wake-channel';

const log = { warn: jest.fn() } as any;
const HOUR = 3_600_000;

/**
 * Advances the fake clock by `ms` and 10 ms more, 1 ms at a time, so that what runs "at once"
 * (timers of 0 ms set while the fake clock ticks count as 1 ms) and the promises between run too.
 */
async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 10; i++) await jest.advanceTimersByTimeAsync(1);
}

describe('PollingLoop', () => {
  it('runs again at once while there is work, then waits the interval; stop waits for the round in flight', async () => {
    let rounds = 0;
    const loop = new PollingLoop(async () => (++rounds <= 3 ? 1 : 0), 60_000, log, 'test failed', { again: (n) => (n as number) > 0 });
    loop.start();
    await new Promise((r) => setTimeout(r, 100));
    expect(rounds).toBe(4); // three busy rounds back to back, then one idle round, then the long wait
    await loop.stop();
    await new Promise((r) => setTimeout(r, 50));
    expect(rounds).toBe(4);
  });

  it('logs a failed round and goes on', async () => {
    let rounds = 0;
    const loop = new PollingLoop(
      async () => {
        rounds++;
        if (rounds === 1) throw new Error('boom');
        return rounds < 3;
      },
      5,
      log,
      'flaky failed',
      { again: (busy) => busy === true },
    );
    loop.start();
    await new Promise((r) => setTimeout(r, 100));
    await loop.stop();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'flaky failed');
    expect(rounds).toBeGreaterThanOrEqual(3);
  });
});

describe('PollingLoop with a wake source', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  /** A loop on channel `jobs` of a local channel, counting its rounds; `work` may hold a round open. */
  function wokenLoop(intervalMs = HOUR, work: () => Promise<unknown> = async () => undefined) {
    const changes = new LocalWakeChannel();
    const counter = { rounds: 0 };
    const loop = new PollingLoop(
      async () => {
        counter.rounds++;
        return work();
      },
      intervalMs,
      log,
      'test failed',
      { wake: { channel: changes, on: 'jobs' }, jitter: 0 },
    );
    loop.start();
    return { changes, counter, loop };
  }

  it('runs once at start, then only on a notice: a burst of notices is one run', async () => {
    const { changes, counter, loop } = wokenLoop();
    await advance(0);
    expect(counter.rounds).toBe(1);
    await advance(10 * 60_000);
    expect(counter.rounds).toBe(1);
    for (let i = 0; i < 5; i++) await changes.notify('jobs');
    await advance(0);
    expect(counter.rounds).toBe(2);
    await changes.notify('other');
    await advance(1000);
    expect(counter.rounds).toBe(2);
    await loop.stop();
  });

  it('a notice during a run makes exactly one more run right after it', async () => {
    let release!: () => void;
    const { changes, counter, loop } = wokenLoop(HOUR, () => (counter.rounds === 2 ? new Promise<void>((r) => (release = r)) : Promise.resolve()));
    await advance(0);
    await changes.notify('jobs');
    await advance(0);
    expect(counter.rounds).toBe(2); // in flight, held open
    for (let i = 0; i < 3; i++) await changes.notify('jobs');
    await advance(100);
    expect(counter.rounds).toBe(2); // never two at once
    release();
    await advance(0);
    expect(counter.rounds).toBe(3);
    await advance(60_000);
    expect(counter.rounds).toBe(3);
    await loop.stop();
  });

  it('polls at the interval as a safety net when no notice comes', async () => {
    const { counter, loop } = wokenLoop(30_000);
    await advance(0);
    await advance(29_900);
    expect(counter.rounds).toBe(1);
    await advance(100);
    expect(counter.rounds).toBe(2);
    await advance(60_000);
    expect(counter.rounds).toBe(4);
    await loop.stop();
  });

  it('shortens the safety-net wait at random by up to the jitter fraction (10 % by default), never lengthens it', async () => {
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.999);
    try {
      let rounds = 0;
      const loop = new PollingLoop(async () => rounds++, 30_000, log, 'test failed');
      loop.start();
      await advance(0);
      await advance(26_900);
      expect(rounds).toBe(1);
      await advance(100); // 30 s less 10 %
      expect(rounds).toBe(2);
      await loop.stop();
    } finally {
      random.mockRestore();
    }
  });

  it('stop() unsubscribes: later notices run nothing', async () => {
    const { changes, counter, loop } = wokenLoop();
    await advance(0);
    await loop.stop();
    await changes.notify('jobs');
    changes.gap();
    await advance(HOUR);
    expect(counter.rounds).toBe(1);
  });

  it('a gap (notices possibly lost) wakes it like a notice', async () => {
    const { changes, counter, loop } = wokenLoop();
    await advance(0);
    changes.gap();
    await advance(0);
    expect(counter.rounds).toBe(2);
    await loop.stop();
  });

  it('sleeps until the due time the run reports, bounded by the interval and MIN_DUE_WAIT_MS', async () => {
    const dues = [5_000, 120_000, -50, null];
    let rounds = 0;
    const loop = new PollingLoop(async () => dues[rounds++] ?? null, 60_000, log, 'test failed', { dueInMs: (r) => r as number | null, jitter: 0 });
    loop.start();
    await advance(0);
    expect(rounds).toBe(1);
    await advance(4_900);
    expect(rounds).toBe(1);
    await advance(100);
    expect(rounds).toBe(2); // due in 5 s
    await advance(60_000);
    expect(rounds).toBe(3); // due in 120 s, bounded by the 60 s interval
    await advance(MIN_DUE_WAIT_MS);
    expect(rounds).toBe(4); // overdue: after the shortest wait, not in a spin
    await advance(60_000);
    expect(rounds).toBe(5); // nothing known: the interval
    await loop.stop();
  });

  it('retries a failed round after FIRST_RETRY_MS, doubling up to the interval', async () => {
    let rounds = 0;
    const loop = new PollingLoop(
      async () => {
        rounds++;
        throw new Error('down');
      },
      3_000,
      log,
      'test failed',
    );
    loop.start();
    await advance(0);
    expect(rounds).toBe(1);
    await advance(FIRST_RETRY_MS - 10); // the clock at 1010 ms
    expect(rounds).toBe(2);
    await advance(2 * FIRST_RETRY_MS - 10); // 3020 ms
    expect(rounds).toBe(3);
    await advance(2_900); // 4 s would be next: capped at the 3 s interval
    expect(rounds).toBe(3);
    await advance(100);
    expect(rounds).toBe(4);
    await loop.stop();
  });
});

describe('dueWorkLoop', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('an idle round is one peek; work due now runs until the peek says none is due; then it sleeps until the next due time', async () => {
    const queue = [0, 0, 0]; // due times (ms from now) of the work waiting
    const calls: string[] = [];
    const changes = new LocalWakeChannel();
    const loop = dueWorkLoop({
      peek: async () => {
        calls.push('peek');
        return queue.length ? Math.min(...queue) : null;
      },
      work: async () => {
        calls.push('work');
        const i = queue.findIndex((d) => d <= 0);
        if (i < 0) return false;
        queue.splice(i, 1);
        return true;
      },
      intervalMs: HOUR,
      log,
      failure: 'test failed',
      wake: { channel: changes, on: 'q' },
    });
    loop.start();
    await advance(0);
    expect(calls).toEqual(['peek', 'work', 'peek', 'work', 'peek', 'work', 'peek']);
    calls.length = 0;
    queue.push(7_000); // a retry due in 7 s, announced
    await changes.notify('q');
    await advance(0);
    expect(calls).toEqual(['peek']);
    await advance(6_900);
    expect(calls).toEqual(['peek']);
    queue[0] = 0; // (the fake clock does not move the database's "now": the peek says it is due)
    await advance(100);
    expect(calls).toEqual(['peek', 'peek', 'work', 'peek']);
    await loop.stop();
  });

  it('work that finds nothing although the peek said it was due (another process took it) waits CONTENDED_RETRY_MS', async () => {
    let peeks = 0;
    const loop = dueWorkLoop({ peek: async () => (peeks++, 0), work: async () => false, intervalMs: HOUR, log, failure: 'test failed' });
    loop.start();
    await advance(0);
    expect(peeks).toBe(1);
    await advance(CONTENDED_RETRY_MS - 100);
    expect(peeks).toBe(1);
    await advance(100);
    expect(peeks).toBe(2);
    await loop.stop();
  });
});
