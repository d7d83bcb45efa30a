/**
 * The part of a client IP that a throttle counts by. An IPv4 address counts as itself. An IPv6
 * address counts by its network prefix (`/64` by default): one customer usually holds a whole
 * /64 and can pick a fresh address from it for every request, so counting single IPv6 addresses
 * would let anyone step around a per-IP limit.
 */
export function ipBucket(ip: string, ipv6Subnet = 64): string {
  if (!ip.includes(":")) return ip;
  const hextets = parseIPv6(ip);
  if (!hextets) return ip.toLowerCase();
  const bits = Math.max(0, Math.min(128, Math.floor(ipv6Subnet)));
  if (bits === 128) return hextets.map((h) => h.toString(16)).join(":");
  const kept: string[] = [];
  for (let i = 0; i * 16 < bits; i++) {
    const keep = Math.min(16, bits - i * 16);
    const mask = (0xffff << (16 - keep)) & 0xffff;
    kept.push(((hextets[i] as number) & mask).toString(16));
  }
  return `${kept.join(":")}::/${bits}`;
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address. */
function parseIPv6(text: string): number[] | null {
  let address = text.toLowerCase();
  const zone = address.indexOf("%");
  if (zone !== -1) address = address.slice(0, zone);
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string;
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        groups.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] as string);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

function parseIPv4(text: string): [number, number, number, number] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((part) => (/^[0-9]{1,3}$/.test(part) ? Number(part) : 256));
  if (octets.some((octet) => octet > 255)) return null;
  return octets as [number, number, number, number];
}
