import { preferenceStore } from '../../../lib/session-store.ts';

/** §2 show/hide: the choice is remembered on this device. */
const KEY = 'balanceHidden';
export const MASK = '***';

export const balanceVisibility = {
  hidden: (): boolean => preferenceStore.get(KEY) === '1',
  setHidden: (hidden: boolean) => preferenceStore.set(KEY, hidden ? '1' : '0'),
};

/** What the header shows: the formatted amount, or the mask when hidden. */
export function shownBalance(formatted: string, hidden: boolean): string {
  return hidden ? MASK : formatted;
}
