import { BlockList, isIP } from 'node:net';

/**
 * A region rule's IP range in canonical `address/prefix` form, or null when it does not parse.
 * A bare address means just that address (/32 or /128).
 */
export function normaliseCidr(text: string): string | null {
  const [address, prefixText, ...rest] = text.trim().toLowerCase().split('/');
  if (!address || rest.length > 0 || address.includes('%')) return null;
  const family = isIP(address);
  if (family === 0) return null;
  const maxPrefix = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (prefix > maxPrefix) return null;
  try {
    new BlockList().addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return null;
  }
  return `${address}/${prefix}`;
}
