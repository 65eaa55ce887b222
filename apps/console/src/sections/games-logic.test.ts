import { describe, expect, it } from 'vitest';
import type { AdminGame } from '@khela/contracts';
import { gameChanges, type GameForm } from './games-logic.ts';

const game = {
  hot: false,
  hotRank: null,
  isNew: false,
  sortOrder: 3,
  minBet: '1.00',
  maxBet: '500.00',
  iconUrl: '/games/a.png',
  largeIconUrl: null,
} as unknown as AdminGame;
const unchanged: GameForm = {
  hot: false,
  hotRank: '',
  isNew: false,
  sortOrder: '3',
  minBet: '1.00',
  maxBet: '500.00',
  iconUrl: '/games/a.png',
  largeIconUrl: '',
};

describe('gameChanges', () => {
  it('sends nothing when nothing changed', () => {
    expect(gameChanges(game, unchanged)).toBeNull();
  });

  it('sends only the changed fields, empty icons as none', () => {
    expect(gameChanges(game, { ...unchanged, hot: true, hotRank: '2', iconUrl: ' ', maxBet: '250' })).toEqual({
      hot: true,
      hotRank: 2,
      iconUrl: null,
      maxBet: '250',
    });
  });

  it('passes a mistyped number on so the server names the field', () => {
    expect(gameChanges(game, { ...unchanged, sortOrder: 'x' })?.sortOrder).toBeNaN();
  });
});
