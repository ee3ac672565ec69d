import DataLoader from 'dataloader';
import { clientIp, first, Loaders } from './context';

describe('clientIp', () => {
  it('takes the first X-Forwarded-For address', () => {
    expect(clientIp({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1, 10.0.0.2', 'x-real-ip': '198.51.100.1' }, '127.0.0.1')).toBe('203.0.113.7');
  });

  it('trims the address and accepts IPv6', () => {
    expect(clientIp({ 'x-forwarded-for': '  2001:db8::1 ,10.0.0.1' }, '127.0.0.1')).toBe('2001:db8::1');
  });

  it('uses the first header when X-Forwarded-For arrives as several headers', () => {
    expect(clientIp({ 'x-forwarded-for': ['203.0.113.9', '10.0.0.1'] }, null)).toBe('203.0.113.9');
  });

  it('falls back to X-Real-IP, then the socket address', () => {
    expect(clientIp({ 'x-real-ip': ' 198.51.100.1 ' }, '127.0.0.1')).toBe('198.51.100.1');
    expect(clientIp({ 'x-forwarded-for': '', 'x-real-ip': '198.51.100.2' }, '127.0.0.1')).toBe('198.51.100.2');
    expect(clientIp({ 'x-forwarded-for': ' , 10.0.0.1' }, '127.0.0.1')).toBe('127.0.0.1');
    expect(clientIp({}, '192.0.2.5')).toBe('192.0.2.5');
  });

  it('is null when nothing is known', () => {
    expect(clientIp({})).toBeNull();
    expect(clientIp({ 'x-real-ip': '   ' }, null)).toBeNull();
  });
});

describe('first', () => {
  it('takes the first of repeated header values', () => {
    expect(first(['a', 'b'])).toBe('a');
    expect(first('a')).toBe('a');
    expect(first(undefined)).toBeUndefined();
  });
});

describe('Loaders', () => {
  it('creates a loader once per name and returns the same instance after', () => {
    const loaders = new Loaders();
    const create = jest.fn(() => new DataLoader<string, string>(async (keys) => keys.map((k) => k.toUpperCase())));
    const a = loaders.get('users', create);
    const b = loaders.get('users', create);
    expect(b).toBe(a);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('keeps different names apart and does not share across requests', async () => {
    const request1 = new Loaders();
    const users = request1.get('users', () => new DataLoader<string, string>(async (keys) => keys.map((k) => `user:${k}`)));
    const roles = request1.get('roles', () => new DataLoader<string, string>(async (keys) => keys.map((k) => `role:${k}`)));
    expect(roles).not.toBe(users);
    expect(await users.load('1')).toBe('user:1');
    expect(await roles.load('1')).toBe('role:1');
    const request2 = new Loaders();
    expect(request2.get('users', () => new DataLoader<string, string>(async (k) => [...k]))).not.toBe(users);
  });

  it('batches loads of one tick into one call', async () => {
    const batch = jest.fn(async (keys: readonly string[]) => keys.map((k) => k.length));
    const loader = new Loaders().get('lengths', () => new DataLoader(batch));
    expect(await Promise.all([loader.load('a'), loader.load('bbb'), loader.load('a')])).toEqual([1, 3, 1]);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch).toHaveBeenCalledWith(['a', 'bbb']);
  });
});
