import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transferStore } from './transfer-store.ts';

describe('the transfer twin’s wallets', () => {
  it('applies a reference once and refuses it with other data', () => {
    const store = transferStore();
    expect(store.transfer('deposit', 'r1', 'k1', 500n)).toMatchObject({ state: 'done' });
    expect(store.transfer('deposit', 'r1', 'k1', 500n)).toMatchObject({ state: 'done' });
    expect(store.balance('k1')).toBe(500n);
    expect(store.transfer('deposit', 'r1', 'k1', 501n)).toMatchObject({ state: 'denied', reason: 'DUPLICATE' });
    expect(store.transfer('withdraw', 'r2', 'k1', 501n)).toMatchObject({
      state: 'denied',
      reason: 'INSUFFICIENT_FUNDS',
    });
    expect(store.status('r2')).toMatchObject({ state: 'denied' });
    expect(store.balance('k1')).toBe(500n);
  });

  it('keeps its wallets across a restart when given a file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sandbox-store-')), 'wallets.json');
    const first = transferStore(file);
    first.transfer('deposit', 'r1', 'k1', 700n);
    expect(first.play('k1', 200n, 500n)).toBe(true);
    expect(first.play('k1', 10_000n, 0n)).toBe(false);
    const again = transferStore(file);
    expect(again.balance('k1')).toBe(1_000n);
    expect(again.status('r1')).toMatchObject({ direction: 'deposit', amount: '700' });
  });
});
