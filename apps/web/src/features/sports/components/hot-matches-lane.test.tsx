// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SportsHotMatch } from '@khela/contracts';
import { HotMatchesList, liveMinute } from './hot-matches-lane.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});
afterEach(cleanup);

const NOW = Date.parse('2026-11-27T12:00:00Z');
const live: SportsHotMatch = {
  eventId: 7,
  kind: 'SPORTS',
  sport: 'FOOTBALL',
  league: 'Dhaka Premier League',
  match: 'Abahani v Mohammedan',
  home: 'Abahani',
  away: 'Mohammedan',
  time: new Date(NOW - 33.5 * 60_000).toISOString(),
  status: 'live',
  score: { home: 1, away: 0 },
  bet: {
    marketId: 70,
    type: 'ONE_X_TWO',
    selections: [
      { id: 1, code: 'HOME', odds: '1.85' },
      { id: 2, code: 'DRAW', odds: '3.40' },
      { id: 3, code: 'AWAY', odds: '4.10' },
    ],
  },
};
const next: SportsHotMatch = {
  ...live,
  eventId: 8,
  sport: 'CRICKET',
  home: 'Comilla',
  away: 'Sylhet',
  time: '2026-11-27T18:30:00Z',
  status: 'scheduled',
  score: null,
  bet: null,
};

function renderList(props: Parameters<typeof HotMatchesList>[0]) {
  return render(
    <MemoryRouter>
      <HotMatchesList {...props} />
    </MemoryRouter>,
  );
}

describe('HotMatchesList', () => {
  it('shows each match with its state and 1X2 prices, linking to its event', () => {
    renderList({ matches: [live, next], loading: false, now: NOW });
    const lane = screen.getByRole('region', { name: 'Hot matches' });
    const [first, second] = within(lane).getAllByRole('listitem');
    const liveLink = within(first!).getByRole('link');
    expect(liveLink.getAttribute('href')).toBe('/sportsbook?event=7');
    expect(liveLink.textContent).toContain("Live 34'");
    expect(liveLink.textContent).toContain('Score 1–0');
    expect(liveLink.textContent).toContain('Abahani at 1.85');
    expect(liveLink.textContent).toContain('Draw at 3.40');
    const nextLink = within(second!).getByRole('link');
    expect(nextLink.getAttribute('href')).toBe('/sportsbook?event=8');
    expect(nextLink.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-27T18:30:00Z');
    expect(nextLink.textContent).not.toContain(' at ');
  });

  it('shows a skeleton while loading and nothing without matches', () => {
    const { container, rerender } = renderList({ matches: undefined, loading: true });
    expect(screen.getByRole('status', { name: 'Loading hot matches' })).toBeTruthy();
    rerender(
      <MemoryRouter>
        <HotMatchesList matches={[]} loading={false} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('counts the minute from kick-off, capped at 90+', () => {
    expect(liveMinute(new Date(NOW - 95 * 60_000).toISOString(), NOW)).toBe('90+');
    expect(liveMinute(new Date(NOW + 60_000).toISOString(), NOW)).toBeNull();
  });
});
