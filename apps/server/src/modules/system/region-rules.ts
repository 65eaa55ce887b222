import { BlockList } from 'node:net';
import { ipFamily, normaliseIp } from './geoip.ts';

export interface RegionRule {
  kind: 'country' | 'cidr';
  value: string;
}

/**
 * Adds one `address/prefix` (or bare address) rule to `list`; false when the stored text does not
 * parse. Rules are validated when an operator writes them, but a row written any other way must
 * not take the site down.
 */
function addRange(list: BlockList, text: string): boolean {
  const [addressText, prefixText, ...rest] = text.trim().split('/');
  if (!addressText || rest.length > 0) return false;
  const address = normaliseIp(addressText);
  const family = ipFamily(address);
  if (family === null) return false;
  const maxPrefix = family === 'ipv4' ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return false;
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (prefix > maxPrefix) return false;
  try {
    list.addSubnet(address, prefix, family);
    return true;
  } catch {
    return false;
  }
}

export interface RegionVerdict {
  blocked: boolean;
  /** Stored rules that could not be read, for the log. */
  malformed: string[];
}

/** Whether a merchant's region rules refuse the visitor: by GeoIP country or by address range. */
export function judgeRegion(rules: readonly RegionRule[], ip: string, country: string | null): RegionVerdict {
  const ranges = new BlockList();
  const malformed: string[] = [];
  let blockedCountry = false;
  for (const rule of rules) {
    if (rule.kind === 'country') {
      if (country !== null && rule.value.trim().toUpperCase() === country) blockedCountry = true;
    } else if (!addRange(ranges, rule.value)) {
      malformed.push(rule.value);
    }
  }
  if (blockedCountry) return { blocked: true, malformed };
  const address = normaliseIp(ip);
  const family = ipFamily(address);
  return { blocked: family !== null && ranges.check(address, family), malformed };
}
