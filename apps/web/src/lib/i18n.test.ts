// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import en from '../locales/en.ts';
import authEn from '../locales/auth/en.ts';
import pagesEn from '../locales/pages/en.ts';
import moneyEn from '../locales/money/en.ts';
import { changeLanguage, i18next, initI18n, loadMessages, storedLanguage } from './i18n.ts';

/** Issue 3 item 11: the first-load catalogue, and the parts loaded with the features that show them. */
describe('message parts', () => {
  it('keeps the account forms and the other pages out of the first-load catalogue', () => {
    expect(Object.keys(en.auth).sort()).toEqual(['header', 'menu']);
    expect(en).not.toHaveProperty('help');
    expect(en.routes).not.toHaveProperty('pointMall');
    expect(authEn.auth).toHaveProperty('login');
    expect(pagesEn.routes).toHaveProperty('pointMall');
    // A visitor never sees the money pages: their strings load with the wallet and cashier features.
    for (const section of ['money', 'wallet', 'cashier']) expect(en).not.toHaveProperty(section);
    expect(moneyEn.wallet.balance).toHaveProperty('label');
    expect(moneyEn.cashier).toBeDefined();
  });

  it('loads a part asked for before start-up with the language, merged beside the first-load strings', async () => {
    await loadMessages('auth'); // as features/auth/messages.ts does when an auth chunk loads first
    await initI18n('en');
    expect(i18next.t('auth.login.modes')).toBe(authEn.auth.login.modes);
    expect(i18next.t('auth.header.menuLabel')).toBe('My account');
    expect(i18next.exists('routes.pointMall.title')).toBe(false);
  });

  it('loads a part in the current language, and every loaded part again on a language switch', async () => {
    await loadMessages('pages');
    expect(i18next.t('routes.pointMall.title')).toBe('Points mall');
    expect(i18next.t('routes.backHome')).toBe('Back to home');
    await changeLanguage('bn');
    expect(i18next.t('routes.pointMall.title')).toBe('পয়েন্ট মল');
    expect(i18next.t('auth.login.modes')).toBe('লগ ইনের পদ্ধতি');
    expect(i18next.t('auth.header.menuLabel')).not.toBe('auth.header.menuLabel');
  });

  it('stores the language already shown without switching to it again (no re-render of every text)', async () => {
    await changeLanguage('bn');
    const switched: string[] = [];
    const onChange = (language: string) => switched.push(language);
    i18next.on('languageChanged', onChange);
    localStorage.clear();
    await changeLanguage('bn');
    expect(switched).toEqual([]);
    expect(storedLanguage()).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    await changeLanguage('en');
    expect(switched).toEqual(['en']);
    i18next.off('languageChanged', onChange);
  });
});
