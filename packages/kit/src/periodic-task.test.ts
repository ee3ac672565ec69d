import { PeriodicTask } from './periodic-task';

const silent = { error: jest.fn() } as never;

describe('PeriodicTask', () => {
  it('runs at start, one run at a time, and stop() waits for the run in flight', async () => {
    let runs = 0;
    let release!: () => void;
    const task = new PeriodicTask('t', () => { runs++; return new Promise<void>((r) => (release = r)); }, 60_000, silent);
    task.start();
    expect(runs).toBe(1);
    await Promise.race([task.tick(), Promise.resolve()]); // a tick while running is skipped
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed run instead of throwing', async () => {
    const logger = { error: jest.fn() };
    const task = new PeriodicTask('failing', async () => { throw new Error('boom'); }, 60_000, logger as never);
    await task.tick();
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ task: 'failing' }), 'periodic task failed');
  });
});
