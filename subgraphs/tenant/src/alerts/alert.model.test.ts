import { ALERT_TRANSITIONS, holds, parseChannel, periodSeconds } from './alert.model';

describe('alert rule conditions', () => {
  it.each([
    ['GREATER_THAN', 81, 80, true], ['GREATER_THAN', 80, 80, false],
    ['GREATER_THAN_OR_EQUAL', 80, 80, true], ['LESS_THAN', 79, 80, true], ['LESS_THAN', 80, 80, false],
    ['LESS_THAN_OR_EQUAL', 80, 80, true], ['EQUAL', 80, 80, true], ['EQUAL', 80.5, 80, false], ['ABOVE', 100, 1, false],
  ])('%s %d vs %d is %s', (condition, value, threshold, expected) => {
    expect(holds(condition as string, value as number, threshold as number)).toBe(expected);
  });
});

describe('evaluation periods', () => {
  it('reads s, m, h, d durations between 10 s and 7 days', () => {
    expect(periodSeconds('10s')).toBe(10);
    expect(periodSeconds('5m')).toBe(300);
    expect(periodSeconds('2h')).toBe(7200);
    expect(periodSeconds('7d')).toBe(604_800);
    expect(periodSeconds(' 1m ')).toBe(60);
  });
  it.each(['9s', '8d', '5 minutes', 'm', '1.5m', '', '-1m', '5M'])('refuses %p', (text) => expect(periodSeconds(text)).toBeNull());
});

describe('notification channels', () => {
  it('maps channel identifiers onto outbox channels', () => {
    expect(parseChannel('email:Ops@Example.com')).toEqual({ channel: 'EMAIL', recipient: 'ops@example.com' });
    expect(parseChannel('ops@example.com')).toEqual({ channel: 'EMAIL', recipient: 'ops@example.com' });
    expect(parseChannel('webhook:https://hooks.example.com/a?b=1')).toEqual({ channel: 'WEBHOOK', recipient: 'https://hooks.example.com/a?b=1' });
    expect(parseChannel('slack:#alerts')).toEqual({ channel: 'CHAT', recipient: '#alerts' });
    expect(parseChannel('chat:ops-team')).toEqual({ channel: 'CHAT', recipient: 'ops-team' });
  });
  it.each(['pager:1', 'email:nope', 'webhook:ftp://x', 'chat:has space', 'https://x.example'])('refuses %p', (id) => expect(parseChannel(id)).toBeNull());
});

describe('alert state machine', () => {
  it('matches spec 2: acknowledge and suppress from ACTIVE, resolve from ACKNOWLEDGED or SUPPRESSED', () => {
    expect(ALERT_TRANSITIONS).toEqual({
      acknowledge: { from: ['ACTIVE'], to: 'ACKNOWLEDGED' },
      suppress: { from: ['ACTIVE'], to: 'SUPPRESSED' },
      resolve: { from: ['ACKNOWLEDGED', 'SUPPRESSED'], to: 'RESOLVED' },
    });
  });
});
