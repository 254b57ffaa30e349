import { BlockList, isIP } from 'node:net'

const IPV4_NOT_PUBLIC = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3]
] as const

// Global unicast is 2000::/3; inside it, these either embed an IPv4 address (6to4, Teredo, NAT64
// lives outside anyway) or are reserved for documentation.
const IPV6_NOT_PUBLIC_INSIDE_GLOBAL = [
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16]
] as const

const ipv4NotPublic = new BlockList()
for (const [network, prefix] of IPV4_NOT_PUBLIC) ipv4NotPublic.addSubnet(network, prefix, 'ipv4')
const ipv6Global = new BlockList()
ipv6Global.addSubnet('2000::', 3, 'ipv6')
const ipv6NotPublic = new BlockList()
for (const [network, prefix] of IPV6_NOT_PUBLIC_INSIDE_GLOBAL) ipv6NotPublic.addSubnet(network, prefix, 'ipv6')

/**
 * Whether `address` (an IPv4 or IPv6 literal) is a public internet address: not loopback,
 * private (RFC 1918, unique local), link-local, shared (CGNAT), multicast, reserved or
 * documentation space. IPv4-mapped IPv6 addresses are judged by their IPv4 address; anything that
 * is not an IP literal is not public.
 */
export function isPublicAddress(address: string): boolean {
  const value = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value)
  if (mapped) return isPublicAddress(mapped[1])
  const family = isIP(value)
  if (family === 4) return !ipv4NotPublic.check(value, 'ipv4')
  if (family === 6) return ipv6Global.check(value, 'ipv6') && !ipv6NotPublic.check(value, 'ipv6')
  return false
}
