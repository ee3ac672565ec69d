import { isIP } from 'node:net';

export interface Cidr {
  family: 4 | 6;
  address: string;
  prefix: number;
  /** `address/prefix`, lower-case; a bare address becomes /32 or /128. */
  canonical: string;
}

export class CidrError extends Error {
  constructor(
    readonly entry: string,
    readonly reason: string,
  ) {
    super(`"${entry}" is not a CIDR range: ${reason}`);
  }
}

/**
 * Parses one allow-list entry: an IPv4 or IPv6 network (`10.0.0.0/8`, `2001:db8::/32`) or a
 * single address. The network address must have its host bits clear (`10.1.0.0/8` is refused:
 * it is almost always a typo for a narrower range).
 */
export function parseCidr(input: string): Cidr {
  const entry = input.trim();
  const parts = entry.split('/');
  if (parts.length > 2) throw new CidrError(input, 'more than one "/"');
  const [address, bits] = parts;
  if (address.includes('%')) throw new CidrError(input, 'zone ids are not allowed');
  const family = isIP(address);
  if (family !== 4 && family !== 6) throw new CidrError(input, 'not an IPv4 or IPv6 address');
  const max = family === 4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) throw new CidrError(input, 'the prefix length must be a number');
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) throw new CidrError(input, `the prefix length must be 0 to ${max}`);
  const value = family === 4 ? ipv4ToBigInt(address) : ipv6ToBigInt(address);
  const hostBits = (1n << BigInt(max - prefix)) - 1n;
  if ((value & hostBits) !== 0n) throw new CidrError(input, `host bits are set (the network of /${prefix} has them clear)`);
  const normalized = address.toLowerCase();
  return { family, address: normalized, prefix, canonical: `${normalized}/${prefix}` };
}

export function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

/** 128-bit value of an IPv6 address (`::` shorthand and a dotted IPv4 tail included). */
export function ipv6ToBigInt(address: string): bigint {
  let text = address.toLowerCase();
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':');
    const v4 = ipv4ToBigInt(text.slice(cut + 1));
    text = `${text.slice(0, cut + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n);
}
