import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';

/** The record shape of the ip-location-db GeoLite2 country database (not MaxMind's own layout). */
interface CountryRecord {
  country_code?: unknown;
}

const require = createRequire(import.meta.url);
const COUNTRY_DATABASE = '@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb';

/** Addresses that belong to no country: private, loopback, link-local, shared and unspecified. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * A client address in the form rules are matched against: an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`, what a dual-stack socket reports) becomes plain IPv4, a zone id is dropped.
 */
export function normaliseIp(ip: string): string {
  const bare = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  return mapped?.[1] ?? bare;
}

export function ipFamily(ip: string): 'ipv4' | 'ipv6' | null {
  const family = isIP(ip);
  return family === 4 ? 'ipv4' : family === 6 ? 'ipv6' : null;
}

export function isPublicIp(ip: string): boolean {
  const family = ipFamily(ip);
  return family !== null && !NON_PUBLIC.check(ip, family);
}

// Opened once per process, on first use: the database is read-only and about 9 MB.
let countryReader: Promise<Reader<Response> | null> | undefined;

function openCountryReader(): Promise<Reader<Response> | null> {
  countryReader ??= maxmind.open<Response>(require.resolve(COUNTRY_DATABASE)).catch((error: unknown) => {
    // Without the database nobody has a country: country rules block no one, the site stays up.
    console.error('GeoIP country database could not be opened', error);
    return null;
  });
  return countryReader;
}

/** ISO 3166-1 alpha-2 country of a public address, or null (private, unknown or unreadable). */
export async function countryOfIp(ip: string): Promise<string | null> {
  const address = normaliseIp(ip);
  if (!isPublicIp(address)) return null;
  const reader = await openCountryReader();
  const code = (reader?.get(address) as CountryRecord | null | undefined)?.country_code;
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
}
