import { useSyncExternalStore } from 'react';
import { toggleLeg, type SlipLeg } from './slip.ts';

/**
 * The picks on the bet slip: kept for the tab's life (sessionStorage), so moving between the
 * event list, an event and my bets never loses them.
 */
const KEY = 'sportsSlip';
let legs: SlipLeg[] = read();
const listeners = new Set<() => void>();

function read(): SlipLeg[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as SlipLeg[]) : [];
  } catch {
    return [];
  }
}

function set(next: SlipLeg[]) {
  legs = next;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode: the slip lives in memory only.
  }
  for (const listener of listeners) listener();
}

export const slipStore = {
  legs: () => legs,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  toggle: (leg: SlipLeg) => set(toggleLeg(legs, leg)),
  remove: (selectionId: number) => set(legs.filter((l) => l.selectionId !== selectionId)),
  /** New odds for picks (the member accepted them). */
  reprice: (odds: ReadonlyMap<number, string>) =>
    set(legs.map((l) => (odds.has(l.selectionId) ? { ...l, odds: odds.get(l.selectionId)! } : l))),
  clear: () => set([]),
};

export function useSlipLegs(): SlipLeg[] {
  return useSyncExternalStore(slipStore.subscribe, slipStore.legs, slipStore.legs);
}
