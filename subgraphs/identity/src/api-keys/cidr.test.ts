import { CidrError, ipv6ToBigInt, parseCidr } from './cidr';

describe('parseCidr', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8', 4],
    [' 192.168.0.0/16 ', '192.168.0.0/16', 4],
    ['0.0.0.0/0', '0.0.0.0/0', 4],
    ['203.0.113.7/32', '203.0.113.7/32', 4],
    ['203.0.113.7', '203.0.113.7/32', 4],
    ['2001:DB8::/32', '2001:db8::/32', 6],
    ['::/0', '::/0', 6],
    ['::1/128', '::1/128', 6],
    ['2001:db8::1', '2001:db8::1/128', 6],
    ['::ffff:10.0.0.0/104', '::ffff:10.0.0.0/104', 6],
  ])('accepts %p as %s', (input, canonical, family) => {
    expect(parseCidr(input)).toMatchObject({ canonical, family });
  });

  it.each([
    ['', 'not an IPv4 or IPv6 address'],
    ['10.0.0.0/33', 'the prefix length must be 0 to 32'],
    ['2001:db8::/129', 'the prefix length must be 0 to 128'],
    ['10.0.0.0/-1', 'the prefix length must be a number'],
    ['10.0.0.0/', 'the prefix length must be a number'],
    ['10.0.0.0/8/8', 'more than one "/"'],
    ['10.0.0/8', 'not an IPv4 or IPv6 address'],
    ['010.0.0.0/8', 'not an IPv4 or IPv6 address'],
    ['10.0.0.256/32', 'not an IPv4 or IPv6 address'],
    ['example.com/24', 'not an IPv4 or IPv6 address'],
    ['fe80::1%eth0/64', 'zone ids are not allowed'],
    ['10.1.0.0/8', 'host bits are set (the network of /8 has them clear)'],
    ['2001:db8::1/64', 'host bits are set (the network of /64 has them clear)'],
  ])('refuses %p: %s', (input, reason) => {
    let error: unknown;
    try {
      parseCidr(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CidrError);
    expect((error as CidrError).reason).toBe(reason);
    expect((error as CidrError).message).toContain(`"${input}"`);
  });

  it('reads IPv6 shorthand and dotted tails as 128-bit values', () => {
    expect(ipv6ToBigInt('::')).toBe(0n);
    expect(ipv6ToBigInt('::1')).toBe(1n);
    expect(ipv6ToBigInt('::ffff:10.0.0.1')).toBe(0xffff0a000001n);
    expect(ipv6ToBigInt('2001:db8::')).toBe(0x20010db8n << 96n);
    expect(ipv6ToBigInt('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe((1n << 128n) - 1n);
  });
});
