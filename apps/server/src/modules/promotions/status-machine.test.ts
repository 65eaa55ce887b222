import { describe, expect, it } from 'vitest';
import { ACTIVITY_STATUSES, type ActivityStatus } from '@khela/contracts';
import { canMove, move, PAID_STATUSES, TRANSITIONS } from './status-machine.ts';

const ALLOWED: [ActivityStatus, ActivityStatus][] = [
  ['coming_soon', 'join'],
  ['coming_soon', 'close'],
  ['join', 'joined'],
  ['join', 'claim'],
  ['join', 'signed'],
  ['join', 'applying'],
  ['join', 'close'],
  ['joined', 'process'],
  ['joined', 'issued'],
  ['joined', 'applying'],
  ['joined', 'close'],
  ['process', 'issued'],
  ['process', 'applying'],
  ['process', 'close'],
  ['claim', 'claimed'],
  ['claim', 'applying'],
  ['claim', 'close'],
  ['applying', 'issued'],
  ['applying', 'rejected'],
];
const key = (from: string, to: string) => `${from}→${to}`;
const allowed = new Set(ALLOWED.map(([from, to]) => key(from, to)));

describe('the §4 activity status machine', () => {
  it('has every §4 status and only them', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...ACTIVITY_STATUSES].sort());
  });

  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(canMove(from, to)).toBe(true);
    expect(move(from, to)).toEqual({ ok: true, status: to });
  });

  const forbidden = ACTIVITY_STATUSES.flatMap((from) =>
    ACTIVITY_STATUSES.filter((to) => !allowed.has(key(from, to))).map((to): [ActivityStatus, ActivityStatus] => [
      from,
      to,
    ]),
  );
  it.each(forbidden)('refuses %s → %s', (from, to) => {
    expect(canMove(from, to)).toBe(false);
    expect(move(from, to)).toEqual({ ok: false, code: 'promotion.invalid_transition', from, to });
  });

  it('lists exactly the allowed moves (no move is missing from the table above)', () => {
    const table = Object.entries(TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => key(from, to)));
    expect(table.sort()).toEqual([...allowed].sort());
    expect(forbidden.length + ALLOWED.length).toBe(ACTIVITY_STATUSES.length ** 2);
  });

  it('ends in the paid, rejected and closed states', () => {
    for (const status of [...PAID_STATUSES, 'rejected', 'close'] as const) expect(TRANSITIONS[status]).toEqual([]);
  });
});
