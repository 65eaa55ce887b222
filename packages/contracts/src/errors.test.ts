import { describe, expect, it } from 'vitest';
import { errorCatalog, errorMessage, isErrorCode } from './errors.ts';

const BENGALI = /[\u0980-\u09FF]/;

describe('the error catalogue', () => {
  it.each(Object.entries(errorCatalog))('%s has an error status and a message in bn and en', (_code, entry) => {
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThan(600);
    expect(entry.en.trim()).not.toBe('');
    expect(entry.bn).toMatch(BENGALI);
    expect(entry.bn).not.toBe(entry.en);
  });

  it('covers the §8 catalogue', () => {
    for (const code of [
      'auth.credentials_required',
      'auth.account_not_found',
      'server.network_abnormal',
      'server.unknown_error',
      'merchant.invalid_url',
      'system.access_restricted',
      'system.maintenance',
      'auth.contact_agent',
      'auth.not_logged_in',
      'auth.verification_required',
      'game.maintenance',
      'auth.not_member',
      'auth.not_agent',
      'upload.limit_exceeded',
      'sms.invalid_mobile',
      'sms.too_many_requests',
      'sms.invalid_code',
      'captcha.invalid',
      'sms.quota_exceeded',
      'system.feature_disabled',
      'sms.code_expired',
    ]) {
      expect(isErrorCode(code), code).toBe(true);
    }
    expect(errorMessage('merchant.invalid_url', 'en')).toBe('Invalid URL, please contact customer service');
  });
});
