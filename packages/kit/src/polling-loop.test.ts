import { PollingLoop } from './polling-loop';

const log = { warn: jest.fn() } as any;

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
