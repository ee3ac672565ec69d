import pg from 'pg';

/** Read access to a test platform's database (outbox, audit tables), one query at a time. */
export async function query<T extends pg.QueryResultRow = any>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export interface OutboxRow {
  id: string;
  recipient: string;
  template: string;
  subject: string;
  body: string;
  status: string;
}

/** Queued and sent messages to one recipient, oldest first. */
export function outboxFor(databaseUrl: string, recipient: string): Promise<OutboxRow[]> {
  return query<OutboxRow>(databaseUrl, 'SELECT id, recipient, template, subject, body, status FROM platform.notification_outbox WHERE recipient = $1 ORDER BY id', [recipient]);
}

/** The code in an e-mail of the account lifecycle ("code: <code>" / "use this code: <code>"). */
export function codeIn(body: string): string {
  const match = /code: ([A-Za-z0-9_-]{20,})/.exec(body);
  if (!match) throw new Error(`no code in e-mail:\n${body}`);
  return match[1];
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
