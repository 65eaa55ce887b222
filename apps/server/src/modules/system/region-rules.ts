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

/** A merchant's rules ready to judge many visitors: made once per rule list (site-access.ts keeps them). */
export interface CompiledRegionRules {
  /** Upper-case country codes refused; empty: no visitor's country needs looking up. */
  countries: ReadonlySet<string>;
  /** Address ranges refused; null when there are none. */
  ranges: BlockList | null;
  /** Stored rules that could not be read, for the log. */
  malformed: string[];
}

export function compileRegionRules(rules: readonly RegionRule[]): CompiledRegionRules {
  const countries = new Set<string>();
  const ranges = new BlockList();
  const malformed: string[] = [];
  let anyRange = false;
  for (const rule of rules) {
    if (rule.kind === 'country') countries.add(rule.value.trim().toUpperCase());
    else if (addRange(ranges, rule.value)) anyRange = true;
    else malformed.push(rule.value);
  }
  return { countries, ranges: anyRange ? ranges : null, malformed };
}

/** Whether compiled rules refuse the visitor of `ip` (whose country is `country`, when known). */
export function isRegionBlocked(rules: CompiledRegionRules, ip: string, country: string | null): boolean {
  if (country !== null && rules.countries.has(country)) return true;
  if (!rules.ranges) return false;
  const address = normaliseIp(ip);
  const family = ipFamily(address);
  return family !== null && rules.ranges.check(address, family);
}

/** Whether a merchant's region rules refuse the visitor: by GeoIP country or by address range. */
export function judgeRegion(rules: readonly RegionRule[], ip: string, country: string | null): RegionVerdict {
  const compiled = compileRegionRules(rules);
  return { blocked: isRegionBlocked(compiled, ip, country), malformed: compiled.malformed };
}
