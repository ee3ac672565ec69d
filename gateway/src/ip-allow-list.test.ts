import { IpAllowList } from './ip-allow-list';

const allows = (cidrs: string[], ip: string | null) => IpAllowList.compile(cidrs)!.allows(ip);

describe('IpAllowList', () => {
  it('is null (anywhere) for an empty list', () => {
    expect(IpAllowList.compile([])).toBeNull();
  });

  it.each([
    ['10.0.0.0/8', '10.0.0.0', true],
    ['10.0.0.0/8', '10.255.255.255', true],
    ['10.0.0.0/8', '11.0.0.0', false],
    ['10.0.0.0/8', '9.255.255.255', false],
    ['192.168.1.10/32', '192.168.1.10', true],
    ['192.168.1.10/32', '192.168.1.11', false],
    ['192.168.1.10', '192.168.1.10', true],
    ['0.0.0.0/0', '203.0.113.7', true],
    ['0.0.0.0/0', '255.255.255.255', true],
  ])('IPv4 %s vs %s -> %s', (cidr, ip, expected) => {
    expect(allows([cidr], ip)).toBe(expected);
  });

  it.each([
    ['2001:db8::/32', '2001:db8::1', true],
    ['2001:db8::/32', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['2001:db8::1/128', '2001:db8::1', true],
    ['2001:db8::1/128', '2001:db8::2', false],
    ['2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0001', true],
    ['::/0', '2606:4700::1111', true],
    ['::1/128', '::1', true],
  ])('IPv6 %s vs %s -> %s', (cidr, ip, expected) => {
    expect(allows([cidr], ip)).toBe(expected);
  });

  it('matches IPv4-mapped IPv6 client addresses against IPv4 rules', () => {
    expect(allows(['10.0.0.0/8'], '::ffff:10.0.0.1')).toBe(true);
    expect(allows(['10.0.0.0/8'], '::ffff:a00:1')).toBe(true);
    expect(allows(['10.0.0.0/8'], '::ffff:11.0.0.1')).toBe(false);
    expect(allows(['127.0.0.1/32'], '::ffff:127.0.0.1')).toBe(true);
  });

  it('keeps the families apart: an IPv4 /0 does not admit IPv6 clients', () => {
    expect(allows(['0.0.0.0/0'], '2001:db8::1')).toBe(false);
    expect(allows(['2001:db8::/32'], '10.0.0.1')).toBe(false);
  });

  it('any entry admits (the list is a union)', () => {
    const list = IpAllowList.compile(['10.0.0.0/8', '2001:db8::/32'])!;
    expect(list.allows('10.1.2.3')).toBe(true);
    expect(list.allows('2001:db8::5')).toBe(true);
    expect(list.allows('172.16.0.1')).toBe(false);
  });

  it('refuses a missing or malformed client address', () => {
    for (const ip of [null, '', 'localhost', '10.0.0.256', '1.2.3', '::ffff:999.0.0.1', '2001:db8:::1']) expect(allows(['0.0.0.0/0', '::/0'], ip)).toBe(false);
  });

  it('fails closed on stored entries that do not compile', () => {
    const list = IpAllowList.compile(['not-a-cidr', '10.0.0.0/99', '300.0.0.0/8'])!;
    expect(list.entries).toEqual([]);
    expect(list.allows('10.0.0.1')).toBe(false);
  });
});
