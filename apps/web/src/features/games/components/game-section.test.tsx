// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeCarouselLayout } from '../../../components/ui/carousel-test-layout.ts';
import en from '../../../locales/en.ts';
import type { GameItem } from '../utils/sections.ts';
import { GameSection } from './game-section.tsx';
import { GameSections } from './game-sections.tsx';
import { HotGamesStrip } from './hot-games-strip.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

const games = (n: number): GameItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Game ${i + 1}`, icon: `https://cdn.test/${i + 1}.png` }));

function section(items: GameItem[], extra: { total?: number; onLaunch?: (g: GameItem) => void } = {}) {
  return render(
    <MemoryRouter>
      <GameSection
        title="Slots"
        games={items}
        total={extra.total}
        moreHref="/rng"
        emptyText="Games for this category are on their way."
        onLaunch={extra.onLaunch ?? (() => {})}
      />
    </MemoryRouter>,
  );
}

describe('GameSection (§2 home sections, §9 limits)', () => {
  it('shows at most 12 games and arrows when there are more than 12', () => {
    section(games(20));
    expect(screen.getAllByRole('button', { name: /^Game \d+$/ })).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Previous Slots games' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next Slots games' })).toBeTruthy();
  });

  it('pages through six games at a time, disabling the arrow at each end', () => {
    vi.useFakeTimers();
    fakeCarouselLayout({ viewportWidth: 600, perView: 6 });
    section(games(20));
    const prev = screen.getByRole<HTMLButtonElement>('button', { name: 'Previous Slots games' });
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next Slots games' });
    expect([prev.disabled, next.disabled]).toEqual([true, false]);
    fireEvent.click(next);
    act(() => vi.advanceTimersByTime(1000));
    expect(document.querySelector('.carousel-viewport')!.scrollLeft).toBe(600);
    expect([prev.disabled, next.disabled]).toEqual([false, true]);
    fireEvent.click(prev);
    expect([prev.disabled, next.disabled]).toEqual([true, false]);
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('has no arrows with exactly 12 games', () => {
    section(games(12));
    expect(screen.getAllByRole('button', { name: /^Game \d+$/ })).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /Slots games/ })).toBeNull();
  });

  it('counts the category total for the arrows, not only the games handed over', () => {
    section(games(12), { total: 40 });
    expect(screen.getByRole('button', { name: 'Next Slots games' })).toBeTruthy();
  });

  it('links "more" to the category page', () => {
    section(games(3));
    expect(screen.getByRole('link', { name: 'More Slots' }).getAttribute('href')).toBe('/rng');
  });

  it('shows a compact empty state, not an error, without games', () => {
    section([]);
    expect(screen.getByText('Games for this category are on their way.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('launches a game on click and falls back to the default icon when its image breaks (§8)', () => {
    const onLaunch = vi.fn();
    section(games(2), { onLaunch });
    const card = screen.getByRole('button', { name: 'Game 1' });
    const img = card.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/default-game-icon.svg');
    fireEvent.click(card);
    expect(onLaunch).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});

describe('GameSections on home', () => {
  it('shows RNG, live, fish, PVP and sports and hides esports and cockfight', () => {
    render(
      <MemoryRouter>
        <GameSections sections={{ RNG: { games: games(13) } }} onLaunch={() => {}} />
      </MemoryRouter>,
    );
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Slots', 'Live casino', 'Fishing', 'Cards', 'Sports']);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/rng', '/live', '/fish', '/pvp', '/sports']);
    const slots = screen.getByRole('region', { name: 'Slots' });
    expect(within(slots).getAllByRole('listitem')).toHaveLength(12);
  });

  it('puts sections with games before the empty tiles, keeping the §2 order in each group', () => {
    render(
      <MemoryRouter>
        <GameSections sections={{ PVP: { games: games(2) }, LIVE: { games: games(1) } }} onLaunch={() => {}} />
      </MemoryRouter>,
    );
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Live casino', 'Cards', 'Slots', 'Fishing', 'Sports']);
  });
});

describe('HotGamesStrip', () => {
  it('has no "more" link and an empty state while there are no games', () => {
    render(
      <MemoryRouter>
        <HotGamesStrip games={[]} onLaunch={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Hot games' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Popular games will appear here soon.')).toBeTruthy();
  });
});
