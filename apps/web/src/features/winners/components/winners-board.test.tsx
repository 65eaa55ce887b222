// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.ts';
import type { WinnerEntry } from '../utils/winners.ts';
import { WinnersBoard } from './winners-board.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

const sample: WinnerEntry[] = Array.from({ length: 25 }, (_, i) => ({
  id: i,
  customerName: `pl***${i}`,
  gameName: `Game ${i}`,
  gameCode: `G${i}`,
  winAmount: (i * 1234.5).toFixed(2),
}));

describe('WinnersBoard', () => {
  it('lists 20 rows, largest win first, amounts with separators, medals for the top three', () => {
    render(<WinnersBoard entries={sample} onLaunch={() => {}} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Rank', 'Game', 'Amount']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByText('Game 24')).toBeTruthy();
    expect(within(rows[0]!).getByText('29,628.00')).toBeTruthy();
    expect(within(rows[0]!).getByRole('img', { name: 'Rank 1' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('img', { name: 'Rank 3' })).toBeTruthy();
    expect(within(rows[3]!).queryByRole('img', { name: /Rank/ })).toBeNull();
    expect(within(rows[3]!).getByText('4')).toBeTruthy();
  });

  it('launches the game of a clicked row', () => {
    const onLaunch = vi.fn();
    render(<WinnersBoard entries={sample.slice(0, 3)} onLaunch={onLaunch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Game 2 pl***2', description: 'Play Game 2' }));
    expect(onLaunch).toHaveBeenCalledTimes(1);
    expect(onLaunch).toHaveBeenCalledWith(expect.objectContaining({ gameCode: 'G2' }));
    fireEvent.click(screen.getAllByRole('row')[3]!);
    expect(onLaunch).toHaveBeenLastCalledWith(expect.objectContaining({ gameCode: 'G0' }));
  });

  it('shows a real empty state without winners', () => {
    render(<WinnersBoard entries={[]} onLaunch={() => {}} />);
    expect(screen.getByText('No wins to show yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
