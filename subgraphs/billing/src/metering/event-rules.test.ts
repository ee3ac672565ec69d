import { validateEvent } from './event-rules';

const NOW = new Date('2026-11-21T12:00:00Z');
const base = { eventId: 'e-1', tenantId: '6F1D3C0E-7A2B-4C1D-9E8F-0A1B2C3D4E5F', meter: 'api_calls', quantity: '10', source: 'gateway' };

describe('metering event validation', () => {
  it('normalises the event and derives its billing period from the timestamp (UTC)', () => {
    const e = validateEvent({ ...base, quantity: 12.5, timestamp: '2026-10-31T23:59:59Z', dimensions: { region: 'eu' } }, NOW);
    expect(e).toMatchObject({ tenantId: '6f1d3c0e-7a2b-4c1d-9e8f-0a1b2c3d4e5f', quantity: '12.5', period: '2026-10', dimensions: { region: 'eu' } });
    expect(validateEvent({ ...base }, NOW).period).toBe('2026-11');
  });

  it.each([
    [{ eventId: ' ' }, 'DPF-BIL-010'],
    [{ source: '' }, 'DPF-BIL-010'],
    [{ tenantId: 'nope' }, 'DPF-BIL-010'],
    [{ meter: 'gpu_hours' }, 'DPF-BIL-007'],
    [{ quantity: '-1' }, 'DPF-BIL-008'],
    [{ quantity: '0.0000001' }, 'DPF-BIL-008'],
    [{ quantity: '1000000000000000' }, 'DPF-BIL-008'],
    [{ timestamp: 'yesterday' }, 'DPF-BIL-010'],
    [{ timestamp: '2026-11-21T12:06:00Z' }, 'DPF-BIL-010'],
    [{ dimensions: { nested: { a: 1 } } }, 'DPF-BIL-010'],
  ])('refuses %j with %s', (patch, code) => {
    expect(() => validateEvent({ ...base, ...patch } as never, NOW)).toThrow(expect.objectContaining({ code }));
  });
});
