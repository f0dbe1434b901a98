// Which webhook targets may be called: https (http when WEBHOOK_ALLOW_HTTP), and never an
// address in a loopback, private, link-local, metadata or otherwise special network unless it lies in one of
// WEBHOOK_ALLOWED_NETWORKS. Names are checked when a subscription is saved as far as that is possible without
// DNS, and every address a name resolves to is checked again when the connection is made (lookupFor), so a
// name that later resolves inwards (DNS rebinding) is refused too.
import dns from 'node:dns';
import net from 'node:net';
import { fieldError } from '../../errors';

export interface TargetPolicy {
  allowHttp: boolean;
  /** CIDRs allowed although special (tests: loopback). */
  allowedNetworks: string[];
}

// Special-purpose ranges (IANA registries): none is a public receiver.
const REFUSED_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, with the cloud metadata address 169.254.169.254
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24', // the 6to4 relays' anycast
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];
// IPv6 forms that carry an IPv4 address are refused outright, whatever that address: where the packet goes is
// decided by a relay or translator (6to4, Teredo, NAT64) or a form no network routes any more (IPv4-compatible),
// and a translator of the local network reaches that network's own addresses. A receiver is called at its own
// address. IPv4-mapped ::ffff:0:0/96 is not here: BlockList checks it as the IPv4 address inside, so a mapped
// public address is that public address and a mapped private one is refused by REFUSED_V4.
const REFUSED_V6 = [
  '::/96', // the unspecified address, loopback and IPv4-compatible ::a.b.c.d (deprecated)
  '::ffff:0:0:0/96', // IPv4-translated (SIIT)
  '64:ff9b::/96', // NAT64, the well-known prefix
  '64:ff9b:1::/48', // NAT64, local use
  '100::/64',
  '2001::/23', // IETF protocol assignments: Teredo 2001::/32 (an IPv4 address inside), benchmarking, ORCHID
  '2001:db8::/32',
  '2002::/16', // 6to4: an IPv4 address inside
  '3fff::/20', // documentation
  '5f00::/16', // segment routing identifiers
  'fc00::/7', // unique local, with the cloud metadata address fd00:ec2::254
  'fe80::/10',
  'ff00::/8',
];

function blockList(cidrs: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.trim().split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    list.addSubnet(address, Number(prefix ?? (type === 'ipv6' ? 128 : 32)), type);
  }
  return list;
}

const refused = blockList([...REFUSED_V4, ...REFUSED_V6]);

/** Parses WEBHOOK_ALLOWED_NETWORKS; a malformed entry fails at start. */
export function parseNetworks(value: string | undefined): string[] {
  const cidrs = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/');
    const max = net.isIPv6(address) ? 128 : net.isIPv4(address) ? 32 : -1;
    if (max < 0 || (prefix !== undefined && !(Number(prefix) >= 0 && Number(prefix) <= max))) {
      throw new Error(`WEBHOOK_ALLOWED_NETWORKS: "${cidr}" is not an address or CIDR`);
    }
  }
  return cidrs;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), else the address itself. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1] : address;
}

/** Why `address` may not be called, or undefined when it may. */
export function refusalOf(address: string, policy: TargetPolicy): string | undefined {
  const ip = unmapped(address);
  const type = net.isIPv6(ip) ? 'ipv6' : 'ipv4';
  if (!refused.check(ip, type)) return undefined;
  if (policy.allowedNetworks.length && blockList(policy.allowedNetworks).check(ip, type)) return undefined;
  return `${address} is a loopback, private, link-local or reserved address (see WEBHOOK_ALLOWED_NETWORKS)`;
}

/** Validates a target URL as a subscription is saved: a Validation error on `field` when refused. */
export function checkTargetUrl(value: string, policy: TargetPolicy, field = 'url'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fieldError(field, 'must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw fieldError(field, policy.allowHttp ? 'must be http or https' : 'must be https');
  }
  if (url.username || url.password) throw fieldError(field, 'must not hold credentials');
  if (url.hash) throw fieldError(field, 'must not have a fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    const why = refusalOf('127.0.0.1', policy);
    if (why) throw fieldError(field, 'must not name localhost');
  } else if (net.isIP(host)) {
    const why = refusalOf(host, policy);
    if (why) throw fieldError(field, `must not name ${why}`);
  }
  return url.toString();
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http.request that refuses to connect to any address the policy refuses. */
export function lookupFor(policy: TargetPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const why = refusalOf(address, policy);
        if (why) {
          const refusal = Object.assign(new Error(`Target refused: ${hostname} resolves to ${why}`), {
            code: 'ETARGETREFUSED',
          });
          return callback(refusal, []);
        }
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
