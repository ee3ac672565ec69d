/**
 * Notices this process has just committed (`pg_notify` in a transaction of its own database
 * client), heard by this process's change channels at once. PostgreSQL delivers the same
 * notice over the LISTEN connection a little later; until then a request following the commit
 * (the next call of the client that revoked a token) could still meet a cache the notice is
 * about to drop. Handlers must therefore accept a notice twice, as they already must.
 */
type CommittedNoticeListener = (channel: string, payload: string) => void;

const listeners = new Set<CommittedNoticeListener>();

/** Called by the database client after a commit, once per notice the transaction sent. */
export function announceCommittedNotice(channel: string, payload: string): void {
  for (const listener of listeners) listener(channel, payload);
}

/** Hears every committed notice of this process until the returned function is called. */
export function onCommittedNotice(listener: CommittedNoticeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
