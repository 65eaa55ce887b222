import { describe, expect, it } from 'vitest';
import { cachedVendors, VENDOR_CACHE_MS, type VendorRepository, type VendorRow } from './vendors.ts';

const row = { id: 1, code: 'SANDBOX', secret: 's'.repeat(32) } as VendorRow;

function repository(rows: Map<string, VendorRow>) {
  let reads = 0;
  const vendors = {
    activeByCode: async (code: string) => {
      reads++;
      return rows.get(code);
    },
  } as unknown as VendorRepository;
  return { vendors, reads: () => reads };
}

describe('cachedVendors', () => {
  it('reads a known vendor at most once per 5 s, and sees a disabled one after that', async () => {
    const rows = new Map([['SANDBOX', row]]);
    const { vendors, reads } = repository(rows);
    let now = 0;
    const active = cachedVendors(vendors, () => now);
    expect(await active('SANDBOX')).toBe(row);
    now = VENDOR_CACHE_MS - 1;
    expect(await active('SANDBOX')).toBe(row);
    expect(reads()).toBe(1);
    rows.delete('SANDBOX');
    now = VENDOR_CACHE_MS + 1;
    expect(await active('SANDBOX')).toBeUndefined();
    expect(reads()).toBe(2);
  });

  it('never caches unknown codes', async () => {
    const { vendors, reads } = repository(new Map());
    const active = cachedVendors(vendors, () => 0);
    await active('NOPE');
    await active('NOPE');
    expect(reads()).toBe(2);
  });
});
