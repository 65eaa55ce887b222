// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.ts';
import type { NoticeItem } from '../api/get-notices.ts';
import { NoticeMarquee } from './notice-marquee.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

const notice = (id: number, title: string, content: string): NoticeItem => ({
  id,
  type: 'PL',
  title,
  content,
  execution: null,
  time: '2025-01-01T00:00:00Z',
  announcementImages: [],
});

describe('NoticeMarquee', () => {
  it('is a labelled region whose notices are one readable list', () => {
    render(
      <NoticeMarquee
        notices={[notice(1, 'Welcome', '<p>Bonus <b>today</b></p><script>x()</script>'), notice(2, 'Upkeep', '')]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Notices' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Welcome');
    expect(items[0]!.textContent).toContain('Bonus today');
    expect(region.innerHTML).not.toContain('<script');
    expect(region.innerHTML).not.toContain('<b>');
  });

  it('can be paused and resumed', () => {
    render(<NoticeMarquee notices={[notice(1, 'Welcome', 'Hi')]} />);
    const list = screen.getByRole('list');
    expect(list.getAttribute('data-paused')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pause the notices' }));
    expect(list.getAttribute('data-paused')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Play the notices' }));
    expect(list.getAttribute('data-paused')).toBeNull();
  });

  it('renders nothing without notices', () => {
    const { container } = render(<NoticeMarquee notices={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
