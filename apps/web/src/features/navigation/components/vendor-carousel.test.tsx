// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeCarouselLayout } from '../../../components/ui/carousel-test-layout.ts';
import en from '../../../locales/en.ts';
import type { NavVendor } from '../utils/build-navigation.ts';
import { VendorCarousel } from './vendor-carousel.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const vendors = (n: number): NavVendor[] =>
  Array.from({ length: n }, (_, i) => ({
    vassalage: `V${i}`,
    name: `Vendor ${i + 1}`,
    to: { pathname: '/rng', search: `?vendor=V${i}` },
    opensList: true,
  }));

function show(list: NavVendor[]) {
  return render(
    <MemoryRouter>
      <VendorCarousel vendors={list} />
    </MemoryRouter>,
  );
}

describe('VendorCarousel (§2 footer)', () => {
  it('renders nothing without vendors', () => {
    const { container } = show([]);
    expect(container.innerHTML).toBe('');
  });

  it('is a labelled carousel that pages through ten vendors at a time (the browser swipes it)', () => {
    fakeCarouselLayout({ viewportWidth: 1000, perView: 10 });
    show(vendors(25));
    const region = screen.getByRole('region', { name: 'Game providers' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getAllByRole('link', { name: /^Vendor \d+$/ })).toHaveLength(25);
    const prev = screen.getByRole<HTMLButtonElement>('button', { name: 'Previous providers' });
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next providers' });
    expect([prev.disabled, next.disabled]).toEqual([true, false]);
    fireEvent.click(next);
    expect([prev.disabled, next.disabled]).toEqual([false, false]);
    fireEvent.click(next);
    // 25 vendors, 10 in view: the last position shows vendors 16–25.
    expect([prev.disabled, next.disabled]).toEqual([false, true]);
    fireEvent.click(prev);
    fireEvent.click(prev);
    expect([prev.disabled, next.disabled]).toEqual([true, false]);
  });

  it('has nothing to move with ten vendors or fewer', () => {
    fakeCarouselLayout({ viewportWidth: 1000, perView: 10 });
    show(vendors(10));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next providers' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous providers' }).disabled).toBe(true);
  });
});
