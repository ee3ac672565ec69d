import { buildSchema, GraphQLError, type GraphQLObjectType } from 'graphql';
import { ProvisioningFeed } from './provisioning-feed';
import { fullSelection, isFinal, statusUpdates, type DetailedStatus } from './provisioning-status';
import { isSubscription } from './subscription-server';

const status = (s: string, step: string | null = null): DetailedStatus => ({ progress: { status: s, currentStep: step } } as DetailedStatus);

async function collect(it: AsyncGenerator<{ provisioningStatus: DetailedStatus | GraphQLError }>, max = 20) {
  const out: Array<DetailedStatus | GraphQLError> = [];
  for await (const e of it) {
    out.push(e.provisioningStatus);
    if (out.length >= max) break;
  }
  return out;
}

describe('statusUpdates', () => {
  it('sends the first status, reads again on every notice, and ends after a final status', async () => {
    const feed = new ProvisioningFeed();
    const reads = [status('IN_PROGRESS', 'b'), status('COMPLETED')];
    const read = jest.fn(async () => reads.shift()!);
    const started = Date.now();
    const updates = statusUpdates(status('IN_PROGRESS', 'a'), read, feed, 'T1', { pollMs: 60_000, timeoutMs: 60_000 });
    const timer = setInterval(() => feed.notify('t1'), 20); // notices are by tenant id, any case
    const got = await collect(updates);
    clearInterval(timer);
    expect(got).toEqual([status('IN_PROGRESS', 'a'), status('IN_PROGRESS', 'b'), status('COMPLETED')]);
    expect(Date.now() - started).toBeLessThan(5_000);
    // unsubscribed at the end
    expect((feed as unknown as { listeners: Map<string, unknown> }).listeners.size).toBe(0);
  });

  it('polls without notices, and ends at the timeout', async () => {
    const feed = new ProvisioningFeed();
    const read = jest.fn(async () => status('IN_PROGRESS'));
    const got = await collect(statusUpdates(status('IN_PROGRESS'), read, feed, 't', { pollMs: 30, timeoutMs: 200 }));
    expect(got.length).toBeGreaterThanOrEqual(3);
    expect(got.length).toBeLessThanOrEqual(9);
  });

  it('ends with the error of a failed read', async () => {
    const error = new GraphQLError('gone', { extensions: { code: 'DPF-TEN-001' } });
    const got = await collect(statusUpdates(status('IN_PROGRESS'), async () => Promise.reject(error), new ProvisioningFeed(), 't', { pollMs: 10, timeoutMs: 1000 }));
    expect(got).toEqual([status('IN_PROGRESS'), error]);
  });

  it('knows the final statuses', () => {
    expect(['COMPLETED', 'FAILED', 'ROLLED_BACK', 'IN_PROGRESS', 'ROLLING_BACK'].map((s) => isFinal(status(s)))).toEqual([true, true, true, false, false]);
  });
});

describe('isSubscription', () => {
  it('tells subscriptions from queries and mutations', () => {
    expect(isSubscription('subscription { provisioningStatus(tenantId: "x") { tenantId } }')).toBe(true);
    expect(isSubscription('{ me { id } }')).toBe(false);
    expect(isSubscription('query A { me { id } } subscription B { x }', 'B')).toBe(true);
    expect(isSubscription('query A { me { id } } subscription B { x }', 'A')).toBe(false);
    expect(isSubscription('mutation { x }')).toBe(false);
  });
});

describe('fullSelection', () => {
  it('selects every field without required arguments, objects to a depth', () => {
    const schema = buildSchema(`
      type Query { s(tenantId: ID!): S }
      type Inner { a: Int b(x: Int): String c(y: Int!): String deep: Deeper }
      type Deeper { z: String more: Deepest }
      type Deepest { w: Int }
      type S { id: ID! inner: [Inner!]! }
    `);
    expect(fullSelection(schema.getType('S') as GraphQLObjectType)).toBe('{ id inner { a b deep { z } } }');
  });
});
