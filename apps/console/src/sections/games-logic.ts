import type { AdminGame } from '@khela/contracts';

/** The game editor's inputs, as typed. */
export interface GameForm {
  hot: boolean;
  hotRank: string;
  isNew: boolean;
  sortOrder: string;
  minBet: string;
  maxBet: string;
  iconUrl: string;
  largeIconUrl: string;
}

export interface GameChange {
  hot?: boolean;
  hotRank?: number | null;
  isNew?: boolean;
  sortOrder?: number;
  minBet?: string;
  maxBet?: string;
  iconUrl?: string | null;
  largeIconUrl?: string | null;
}

/** A number as typed, or the text itself so the server names the field it refuses. */
const numberOr = (text: string): number => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * Only what the operator changed (the PATCH sends the fields given; an empty change is refused), or
 * null when nothing changed. Empty icon and rank inputs mean none.
 */
export function gameChanges(game: AdminGame, form: GameForm): GameChange | null {
  const change: GameChange = {};
  if (form.hot !== game.hot) change.hot = form.hot;
  const rank = form.hotRank.trim() === '' ? null : numberOr(form.hotRank);
  if (rank !== game.hotRank) change.hotRank = rank;
  if (form.isNew !== game.isNew) change.isNew = form.isNew;
  const order = numberOr(form.sortOrder);
  if (order !== game.sortOrder) change.sortOrder = order;
  if (form.minBet.trim() !== game.minBet) change.minBet = form.minBet.trim();
  if (form.maxBet.trim() !== game.maxBet) change.maxBet = form.maxBet.trim();
  const icon = form.iconUrl.trim() || null;
  if (icon !== game.iconUrl) change.iconUrl = icon;
  const large = form.largeIconUrl.trim() || null;
  if (large !== game.largeIconUrl) change.largeIconUrl = large;
  return Object.keys(change).length > 0 ? change : null;
}
