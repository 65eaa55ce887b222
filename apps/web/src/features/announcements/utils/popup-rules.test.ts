import { describe, expect, it } from 'vitest';
import { popupAudience, popupsToShow, type Execution } from './popup-rules.ts';

const popups: { id: number; execution: Execution | null }[] = [
  { id: 1, execution: 'A' },
  { id: 2, execution: 'B' },
  { id: 3, execution: 'F' },
  { id: 4, execution: 'A' },
  { id: 5, execution: null },
];
const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe('popupsToShow (§4 popups on load)', () => {
  it.each([
    // who, loggedIn, firstLogin, closed, expected
    ['visitor', false, false, false, [2]],
    ['visitor with a stale first-login flag', false, true, false, [2]],
    ['member', true, false, false, [1, 4]],
    ['member on first login', true, true, false, [1, 3, 4]],
    ['visitor, closed this session', false, false, true, []],
    ['member, closed this session', true, false, true, []],
    ['member on first login, closed this session', true, true, true, []],
  ] as const)('%s', (_who, loggedIn, firstLogin, closed, expected) => {
    expect(ids(popupsToShow(popups, { loggedIn, firstLogin, closed }))).toEqual(expected);
  });

  it('never shows popups without an execution', () => {
    const none = [{ id: 9, execution: null }];
    expect(popupsToShow(none, { loggedIn: true, firstLogin: true, closed: false })).toEqual([]);
    expect(popupsToShow(none, { loggedIn: false, firstLogin: false, closed: false })).toEqual([]);
  });

  it('keeps the server order and returns a new array', () => {
    const list = [
      { id: 7, execution: 'F' as const },
      { id: 6, execution: 'A' as const },
    ];
    const shown = popupsToShow(list, { loggedIn: true, firstLogin: true, closed: false });
    expect(ids(shown)).toEqual([7, 6]);
    expect(shown).not.toBe(list);
  });

  it('gives visitors and members their own closed flag', () => {
    expect(popupAudience(false)).toBe('visitor');
    expect(popupAudience(true)).toBe('member');
  });
});
