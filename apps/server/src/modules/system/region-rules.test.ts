import { describe, expect, it } from 'vitest';
import { normaliseIp } from './geoip.ts';
import { judgeRegion, type RegionRule } from './region-rules.ts';

const cidr = (value: string): RegionRule => ({ kind: 'cidr', value });

describe('judgeRegion', () => {
  it('matches IPv4 and IPv6 ranges, and an IPv4-mapped IPv6 client as IPv4', () => {
    const rules = [cidr('203.0.113.0/24'), cidr('2001:db8::/32')];
    expect(judgeRegion(rules, '203.0.113.255', null).blocked).toBe(true);
    expect(judgeRegion(rules, '::ffff:203.0.113.1', null).blocked).toBe(true);
    expect(judgeRegion(rules, '2001:DB8:ffff::1', null).blocked).toBe(true);
    expect(judgeRegion(rules, '203.0.114.1', null).blocked).toBe(false);
    expect(judgeRegion(rules, '2001:db9::1', null).blocked).toBe(false);
  });

  it('matches countries case-insensitively and never a visitor without one', () => {
    const rules: RegionRule[] = [{ kind: 'country', value: 'bd' }];
    expect(judgeRegion(rules, '103.4.145.1', 'BD').blocked).toBe(true);
    expect(judgeRegion(rules, '8.8.8.8', 'US').blocked).toBe(false);
    expect(judgeRegion(rules, '10.0.0.1', null).blocked).toBe(false);
  });

  it('reports malformed ranges instead of throwing, and keeps the good ones', () => {
    const bad = ['nonsense', '10.0.0.0/33', '::/129', '1.2.3.4/', '1.2.3.4/x', 'a/b/c', '', '999.1.1.1/8'];
    const verdict = judgeRegion([...bad.map(cidr), cidr('198.51.100.0/24')], '198.51.100.9', null);
    expect(verdict).toEqual({ blocked: true, malformed: bad });
  });

  it('does not throw on a client address that is not an IP', () => {
    expect(judgeRegion([cidr('0.0.0.0/0')], 'unknown', null).blocked).toBe(false);
  });
});

describe('normaliseIp', () => {
  it('unwraps IPv4-mapped IPv6 and drops zone ids', () => {
    expect(normaliseIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseIp('2001:DB8::1')).toBe('2001:db8::1');
  });
});
