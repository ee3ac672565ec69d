import { BlockList, isIP } from 'node:net';

/**
 * A key's IP allow-list, compiled once into a net.BlockList (IPv4 and IPv6 CIDRs). An
 * IPv4 rule also matches the IPv4-mapped IPv6 form of its addresses (`::ffff:10.0.0.1`
 * against `10.0.0.0/8`), as net.BlockList does natively. Entries that do not parse are
 * skipped, so a damaged list fails closed: it matches less, never more.
 */
export class IpAllowList {
  private constructor(
    private readonly list: BlockList,
    /** The entries that compiled, for diagnostics. */
    readonly entries: readonly string[],
  ) {}

  /** Null for an empty list: the key may be used from anywhere. */
  static compile(cidrs: readonly string[]): IpAllowList | null {
    if (cidrs.length === 0) return null;
    const list = new BlockList();
    const entries: string[] = [];
    for (const cidr of cidrs) {
      const [address, bits] = cidr.trim().split('/');
      const family = isIP(address);
      if (!family) continue;
      const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
      try {
        list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
        entries.push(cidr);
      } catch {
        // out-of-range prefix or the like: skipped
      }
    }
    return new IpAllowList(list, entries);
  }

  allows(ip: string | null | undefined): boolean {
    if (!ip) return false;
    const family = isIP(ip);
    if (!family) return false;
    try {
      return this.list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    } catch {
      return false;
    }
  }
}
