import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';
import { parsePreviousSecretKeys, parseSecretKey } from './secret-keys.ts';

const keyA = { id: 'a', key: Buffer.alloc(32, 1) };
const keyB = { id: 'b', key: Buffer.alloc(32, 2) };

describe('secretBox', () => {
  it('seals to a tagged value that opens to the same secret, never containing it', () => {
    const box = secretBox(keyA);
    const sealed = box.seal('vendor-signing', 'the-vendor-secret');
    expect(sealed).toMatch(/^sealed:v1:a:[\w-]+$/);
    expect(sealed).not.toContain('the-vendor-secret');
    expect(box.open('vendor-signing', sealed)).toBe('the-vendor-secret');
    // A fresh IV each time: the same secret never seals to the same text twice.
    expect(box.seal('vendor-signing', 'the-vendor-secret')).not.toBe(sealed);
  });

  it('does not open a value sealed for another purpose, changed, truncated, plain or under an unknown key', () => {
    const box = secretBox(keyA);
    const sealed = box.seal('vendor-signing', 'secret');
    expect(() => box.open('gateway-callback', sealed)).toThrow();
    const data = sealed.slice('sealed:v1:a:'.length);
    const flipped = Buffer.from(data, 'base64url');
    flipped[14]! ^= 1;
    expect(() => box.open('vendor-signing', `sealed:v1:a:${flipped.toString('base64url')}`)).toThrow();
    expect(() => box.open('vendor-signing', 'sealed:v1:a:AAAA')).toThrow(/truncated/);
    expect(() => box.open('vendor-signing', 'secret')).toThrow(/not sealed/);
    expect(() => secretBox(keyB).open('vendor-signing', sealed)).toThrow(/not sealed under a known key/);
  });

  it('opens values sealed under a previous key and tells which need sealing again', () => {
    const old = secretBox(keyA).seal('gateway-callback', 'gw');
    const box = secretBox(keyB, [keyA]);
    expect(box.open('gateway-callback', old)).toBe('gw');
    expect(box.isCurrent(old)).toBe(false);
    expect(box.isCurrent(box.seal('gateway-callback', 'gw'))).toBe(true);
    expect(box.isSealed(old)).toBe(true);
    expect(box.isSealed('plain-secret')).toBe(false);
  });

  it('refuses keys of the wrong size and ids that would break the stored form', () => {
    expect(() => secretBox({ id: 'a', key: Buffer.alloc(16) })).toThrow(/32 bytes/);
    expect(() => secretBox({ id: 'a:b', key: Buffer.alloc(32) })).toThrow(/letters/);
  });
});

describe('configured keys', () => {
  it('reads 32 bytes as base64 or hex, and nothing else', () => {
    expect(parseSecretKey('k', Buffer.alloc(32, 7).toString('base64')).key).toEqual(Buffer.alloc(32, 7));
    expect(parseSecretKey('k', 'ab'.repeat(32)).key).toEqual(Buffer.alloc(32, 0xab));
    expect(() => parseSecretKey('k', 'too-short')).toThrow(/32 bytes/);
  });

  it('reads previous keys as id:key pairs', () => {
    const text = `old1:${Buffer.alloc(32, 1).toString('base64')}, old2:${'cd'.repeat(32)}`;
    expect(parsePreviousSecretKeys(text).map((k) => k.id)).toEqual(['old1', 'old2']);
    expect(parsePreviousSecretKeys(undefined)).toEqual([]);
    expect(() => parsePreviousSecretKeys('no-colon')).toThrow(/id:key/);
  });
});
