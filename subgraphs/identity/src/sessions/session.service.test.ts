import { eventReason, stateOf, toSession } from './session.service';
import { SessionState } from './session.type';

const now = new Date('2026-11-21T12:00:00Z');
const row = {
  id: 7,
  deviceId: null,
  deviceName: null,
  ipAddress: '203.0.113.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  createdAt: new Date('2026-11-20T12:00:00Z'),
  lastAccessedAt: new Date('2026-11-21T11:00:00Z'),
  expiresAt: new Date('2026-11-27T12:00:00Z'),
  revokedAt: null,
};

describe('stateOf', () => {
  it('is REVOKED once revoked, whatever the expiry', () => {
    expect(stateOf({ revokedAt: now, expiresAt: new Date(now.getTime() + 1000) }, now)).toBe(SessionState.REVOKED);
    expect(stateOf({ revokedAt: now, expiresAt: new Date(now.getTime() - 1000) }, now)).toBe(SessionState.REVOKED);
  });

  it('is EXPIRED from the expiry instant on, ACTIVE before', () => {
    expect(stateOf({ revokedAt: null, expiresAt: now }, now)).toBe(SessionState.EXPIRED);
    expect(stateOf({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(SessionState.ACTIVE);
  });
});

describe('toSession', () => {
  it('marks the session of the presented token as current', () => {
    expect(toSession(row, { sessionId: 7 }, now).isCurrent).toBe(true);
    expect(toSession(row, { sessionId: 8 }, now).isCurrent).toBe(false);
    expect(toSession(row, {}, now).isCurrent).toBe(false);
  });

  it('names a session without a device from its user agent, and keeps a device name', () => {
    expect(toSession(row, {}, now).deviceName).toBe('Firefox on Linux');
    expect(toSession({ ...row, deviceName: 'Work laptop' }, {}, now).deviceName).toBe('Work laptop');
    expect(toSession({ ...row, userAgent: null }, {}, now).deviceName).toBeNull();
  });
});

describe('eventReason', () => {
  it('names the scope and the sessions', () => {
    expect(eventReason('single', [4])).toBe('scope=single sessions=4');
    expect(eventReason('others', [1, 2, 3])).toBe('scope=others sessions=1,2,3');
  });

  it('cuts long lists', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(eventReason('all', ids)).toMatch(/^scope=all sessions=1,2,.*,50,\.\.\.\(\+10\)$/);
  });
});
