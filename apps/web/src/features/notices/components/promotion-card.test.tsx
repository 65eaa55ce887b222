// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.ts';
import pages from '../../../locales/pages/en.ts';
import type { NoticeItem } from '../api/get-notices.ts';
import { PromotionCard } from './promotion-card.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
  // The promotions page loads its strings with it (lib/i18n.ts).
  i18next.addResourceBundle('en', 'translation', pages, true, true);
});
afterEach(cleanup);

const promotion: NoticeItem = {
  id: 9,
  type: 'PR',
  title: 'Welcome bonus',
  content:
    '<h3>Terms</h3><p onclick="steal()">Deposit 500</p><script>steal()</script><a href="javascript:steal()">x</a><a href="https://example.com">rules</a>',
  execution: null,
  time: '2025-03-01T12:30:00Z',
  announcementImages: [
    { sequence: 2, url: 'https://cdn.test/second.jpg' },
    { sequence: 1, url: 'https://cdn.test/first.jpg' },
  ],
};

describe('PromotionCard', () => {
  it('shows image, title and time, and the content only when opened, sanitised', () => {
    const { container } = render(<PromotionCard promotion={promotion} />);
    expect(screen.getByRole('heading', { name: 'Welcome bonus' })).toBeTruthy();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('https://cdn.test/first.jpg');
    // In the merchant's zone (Dhaka by default), whatever the device's.
    expect(container.querySelector('time')!.textContent).toBe('2025-03-01 18:30 (GMT+6)');
    expect(container.textContent).not.toContain('Deposit 500');

    const toggle = screen.getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(container.textContent).toContain('Deposit 500');
    const html = container.querySelector('.promo-card__content')!.innerHTML;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('javascript:');
    const link = screen.getByRole('link', { name: 'rules' });
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('opens itself when named by the URL hash', () => {
    render(<PromotionCard promotion={promotion} initiallyOpen />);
    expect(screen.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('promotion-9')).toBeTruthy();
  });
});
