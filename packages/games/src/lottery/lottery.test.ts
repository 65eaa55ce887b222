import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOTTERY_ODDS,
  FORMAT_BET_TYPES,
  expectedReturnBp,
  lotteryHits,
  lotteryPayout,
  parseLotteryBet,
  type LotteryBet,
} from './bets.ts';
import { LOTTERY_FORMATS, drawClientSeed, drawLottery, isLotteryResult, type LotteryResult } from './formats.ts';
import { currentSlot, isDrawSchedule, slotOfIssue, slotsDrawnBetween, type DrawSchedule } from './schedule.ts';

const oneMinute: DrawSchedule = { kind: 'interval', everySeconds: 60, closeBeforeSeconds: 10, timeZone: 'Asia/Dhaka' };
const vnSouth: DrawSchedule = { kind: 'daily', at: '16:15', closeBeforeSeconds: 900, timeZone: 'Asia/Ho_Chi_Minh' };
const at = (iso: string) => new Date(iso);
const serverSeed = 'a'.repeat(63) + 'b';

describe('draw schedules', () => {
  it('names the next draw after now by its local day and number, and closes betting before it', () => {
    // 16:00:30 in Dhaka (GMT+6): the 961st one-minute draw of the day, at 16:01.
    const slot = currentSlot(oneMinute, at('2026-11-26T10:00:30Z'));
    expect(slot).toEqual({
      issue: '20261126-0961',
      opensAt: at('2026-11-26T10:00:00Z'),
      closesAt: at('2026-11-26T10:00:50Z'),
      drawAt: at('2026-11-26T10:01:00Z'),
    });
    // At the very instant of a draw, the open slot is already the next one.
    expect(currentSlot(oneMinute, at('2026-11-26T10:01:00Z')).issue).toBe('20261126-0962');
  });

  it('ends a local day with its last draw at midnight and starts the next day at 0001', () => {
    expect(currentSlot(oneMinute, at('2026-11-26T17:59:30Z'))).toMatchObject({
      issue: '20261126-1440',
      drawAt: at('2026-11-26T18:00:00Z'),
    });
    expect(currentSlot(oneMinute, at('2026-11-26T18:00:00Z'))).toMatchObject({
      issue: '20261127-0001',
      drawAt: at('2026-11-26T18:01:00Z'),
    });
  });

  it('lists every draw a stopped server missed, back to back, each issue once', () => {
    const threeMinutes: DrawSchedule = { ...oneMinute, everySeconds: 180 };
    const slots = slotsDrawnBetween(threeMinutes, at('2026-11-25T18:00:00Z'), at('2026-11-27T18:00:00Z'));
    expect(slots).toHaveLength(2 * 480);
    expect(new Set(slots.map((s) => s.issue)).size).toBe(slots.length);
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.opensAt).toEqual(slots[i - 1]!.drawAt);
    expect(slots[0]!.issue).toBe('20261126-0001');
    expect(slots.at(-1)!.issue).toBe('20261127-0480');
  });

  it('keeps draws in order and unique across a clock change', () => {
    const london: DrawSchedule = {
      kind: 'interval',
      everySeconds: 300,
      closeBeforeSeconds: 30,
      timeZone: 'Europe/London',
    };
    const slots = slotsDrawnBetween(london, at('2026-10-24T12:00:00Z'), at('2026-10-26T12:00:00Z'));
    expect(new Set(slots.map((s) => s.issue)).size).toBe(slots.length);
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.drawAt > slots[i - 1]!.drawAt).toBe(true);
  });

  it('draws a daily regional game at its local time, closing the configured minutes before', () => {
    expect(currentSlot(vnSouth, at('2026-11-26T09:00:00Z'))).toEqual({
      issue: '20261126',
      opensAt: at('2026-11-25T09:15:00Z'),
      closesAt: at('2026-11-26T09:00:00Z'),
      drawAt: at('2026-11-26T09:15:00Z'),
    });
    expect(currentSlot(vnSouth, at('2026-11-26T09:15:00Z')).issue).toBe('20261127');
  });

  it('finds a slot again from its issue, and no slot for an issue the schedule cannot have', () => {
    for (const schedule of [oneMinute, vnSouth]) {
      const slot = currentSlot(schedule, at('2026-11-26T10:00:30Z'));
      expect(slotOfIssue(schedule, slot.issue)).toEqual(slot);
    }
    for (const issue of ['20261131-0001', '20261126-0000', '20261126-1441', '20261126', 'x', '2026112-0001']) {
      expect(slotOfIssue(oneMinute, issue)).toBeNull();
    }
    expect(slotOfIssue(vnSouth, '20261126-0001')).toBeNull();
  });

  it('refuses schedules that cannot name their draws', () => {
    expect(isDrawSchedule(oneMinute)).toBe(true);
    expect(isDrawSchedule(vnSouth)).toBe(true);
    expect(isDrawSchedule({ ...oneMinute, everySeconds: 7_000 })).toBe(false);
    expect(isDrawSchedule({ ...oneMinute, everySeconds: 10 })).toBe(false);
    expect(isDrawSchedule({ ...oneMinute, closeBeforeSeconds: 60 })).toBe(false);
    expect(isDrawSchedule({ ...oneMinute, timeZone: 'Mars/Olympus' })).toBe(false);
    expect(isDrawSchedule({ ...vnSouth, at: '24:00' })).toBe(false);
  });
});

describe('draws', () => {
  it('gives every format its tiers, the same result for the same seeds and another for another issue', () => {
    for (const format of LOTTERY_FORMATS) {
      const seeds = { serverSeed, clientSeed: drawClientSeed('G', '20261126-0001'), nonce: 0 };
      const result = drawLottery(format, seeds);
      expect(isLotteryResult(result)).toBe(true);
      expect(drawLottery(format, seeds)).toEqual(result);
      expect(drawLottery(format, { ...seeds, clientSeed: drawClientSeed('G', '20261126-0002') })).not.toEqual(result);
    }
  });

  it('never repeats a number within a 4D draw', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const numbers = drawLottery('sea4d', { serverSeed, clientSeed: 'sea', nonce }).tiers.flatMap((t) => t.numbers);
      expect(new Set(numbers).size).toBe(23);
    }
  });

  it('draws each digit of each position about equally often', () => {
    const counts = Array.from({ length: 5 }, () => new Array<number>(10).fill(0));
    for (let nonce = 0; nonce < 4_000; nonce++) {
      const main = drawLottery('digits5', { serverSeed, clientSeed: 'spread', nonce }).tiers[0]!.numbers[0]!;
      [...main].forEach((digit, position) => counts[position]![Number(digit)]!++);
    }
    // 400 expected per cell; ±25 % is beyond five standard deviations.
    for (const count of counts.flat()) {
      expect(count).toBeGreaterThan(300);
      expect(count).toBeLessThan(500);
    }
  });

  it('refuses a stored result of the wrong shape', () => {
    const result = drawLottery('vn_north', { serverSeed, clientSeed: 'shape', nonce: 0 });
    expect(isLotteryResult({ ...result, format: 'vn_south' })).toBe(false);
    expect(isLotteryResult({ ...result, tiers: result.tiers.slice(1) })).toBe(false);
    const short = structuredClone(result);
    short.tiers[0]!.numbers[0] = '123';
    expect(isLotteryResult(short)).toBe(false);
  });
});

describe('bets and payouts', () => {
  it('refuses bet types of another format and malformed bets, and keeps only the fields of the type', () => {
    expect(parseLotteryBet('digits5', { type: 'de2', number: '12' })).toEqual({
      ok: false,
      code: 'lottery.bet_type_unknown',
    });
    expect(parseLotteryBet('vn_south', null)).toEqual({ ok: false, code: 'lottery.bet_type_unknown' });
    for (const bad of [
      { type: 'position', position: 6, digit: 1 },
      { type: 'position', position: 1, digit: 10 },
      { type: 'position', position: '1', digit: 1 },
      { type: 'sum_big_small', pick: 'huge' },
      { type: 'straight3', number: '12' },
      { type: 'box3', number: '777' },
      { type: 'box3', number: 123 },
    ]) {
      expect(parseLotteryBet('digits5', bad)).toEqual({ ok: false, code: 'lottery.bet_invalid' });
    }
    expect(parseLotteryBet('sea4d', { type: 'big4d', number: '0042', payout: 1e9 })).toEqual({
      ok: true,
      bet: { type: 'big4d', number: '0042' },
    });
  });

  it('pays each e-lottery bet exactly its expected return over all 100 000 results', () => {
    const bets: LotteryBet[] = [
      { type: 'position', position: 3, digit: 7 },
      { type: 'position_big_small', position: 5, pick: 'small' },
      { type: 'position_odd_even', position: 1, pick: 'odd' },
      { type: 'sum_big_small', pick: 'big' },
      { type: 'sum_big_small', pick: 'small' },
      { type: 'sum_odd_even', pick: 'even' },
      { type: 'straight3', number: '042' },
      { type: 'box3', number: '123' },
      { type: 'box3', number: '556' },
    ];
    const odds = DEFAULT_LOTTERY_ODDS.digits5;
    const totals = bets.map(() => 0n);
    for (let n = 0; n < 100_000; n++) {
      const result: LotteryResult = {
        format: 'digits5',
        tiers: [{ tier: 'main', numbers: [String(n).padStart(5, '0')] }],
      };
      // A stake of 10 000 minor units pays exactly the odds in basis points: no rounding in the sum.
      bets.forEach((bet, i) => (totals[i]! += lotteryPayout(bet, 10_000n, result, odds)));
    }
    bets.forEach((bet, i) => {
      expect(Number(totals[i]!) / 100_000).toBeCloseTo(expectedReturnBp('digits5', bet, odds), 6);
    });
  }, 60_000);

  it('returns 97–98 % by default on e-lottery and Vietnamese bets and the customary ~64 % on 4D', () => {
    const samples: Record<string, LotteryBet> = {
      position: { type: 'position', position: 1, digit: 0 },
      position_big_small: { type: 'position_big_small', position: 1, pick: 'big' },
      position_odd_even: { type: 'position_odd_even', position: 1, pick: 'odd' },
      sum_big_small: { type: 'sum_big_small', pick: 'big' },
      sum_odd_even: { type: 'sum_odd_even', pick: 'odd' },
      straight3: { type: 'straight3', number: '123' },
      box3: { type: 'box3', number: '123' },
      lo2: { type: 'lo2', number: '27' },
      de2: { type: 'de2', number: '27' },
      de3: { type: 'de3', number: '270' },
      big4d: { type: 'big4d', number: '1234' },
      small4d: { type: 'small4d', number: '1234' },
    };
    for (const format of LOTTERY_FORMATS) {
      for (const type of FORMAT_BET_TYPES[format]) {
        const rtp = expectedReturnBp(format, samples[type]!, DEFAULT_LOTTERY_ODDS[format]);
        const [low, high] = format === 'sea4d' ? [6_000, 6_600] : [9_700, 9_800];
        expect(rtp).toBeGreaterThanOrEqual(low);
        expect(rtp).toBeLessThanOrEqual(high);
      }
    }
    expect(expectedReturnBp('digits5', { type: 'box3', number: '112' }, DEFAULT_LOTTERY_ODDS.digits5)).toBeCloseTo(
      9_780,
      6,
    );
  });

  it('pays a two-digit lo once for every number of the draw ending in it', () => {
    const result = drawLottery('vn_south', { serverSeed, clientSeed: 'lo', nonce: 0 });
    result.tiers[3]!.numbers = ['10027', '55527'];
    result.tiers[8]!.numbers = ['27'];
    const endingIn27 = result.tiers.flatMap((t) => t.numbers).filter((n) => n.endsWith('27')).length;
    expect(endingIn27).toBeGreaterThanOrEqual(3);
    expect(lotteryHits({ type: 'lo2', number: '27' }, result)).toHaveLength(endingIn27);
    expect(lotteryPayout({ type: 'lo2', number: '27' }, 1_000n, result, DEFAULT_LOTTERY_ODDS.vn_south)).toBe(
      BigInt(endingIn27) * 5_400n,
    );
  });

  it('pays a 4D big bet by the tier it hit and a small bet only on the top three', () => {
    const result = drawLottery('sea4d', { serverSeed, clientSeed: '4d', nonce: 0 });
    const starter = result.tiers[3]!.numbers[4]!;
    const first = result.tiers[0]!.numbers[0]!;
    const odds = DEFAULT_LOTTERY_ODDS.sea4d;
    expect(lotteryPayout({ type: 'big4d', number: starter }, 100n, result, odds)).toBe(18_000n);
    expect(lotteryPayout({ type: 'small4d', number: starter }, 100n, result, odds)).toBe(0n);
    expect(lotteryPayout({ type: 'small4d', number: first }, 100n, result, odds)).toBe(350_000n);
  });

  it('rounds a payout down to the minor unit', () => {
    const result: LotteryResult = { format: 'digits5', tiers: [{ tier: 'main', numbers: ['99999'] }] };
    expect(lotteryPayout({ type: 'sum_big_small', pick: 'big' }, 3n, result, DEFAULT_LOTTERY_ODDS.digits5)).toBe(5n);
  });
});
