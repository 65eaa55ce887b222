import { describe, expect, it } from 'vitest';
import { DEFAULT_LOTTERY_ODDS } from '@khela/games';
import {
  betOf,
  betSummary,
  betTypesOf,
  EMPTY_DRAFT,
  fieldsOf,
  multiplierText,
  oddsBpOf,
  oddsOfBet,
  payoutOf,
  topOddsBp,
  wireBet,
} from './bet-form.ts';
import { prizeModeOf } from './prize-mode.ts';
import { formatCountdown } from '../../../lib/countdown.ts';

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key}(${JSON.stringify(values)})` : key);

describe('the bet slip form', () => {
  it('asks each bet type for what the engine needs', () => {
    expect(fieldsOf('position')).toEqual({ position: true, digit: true, picks: null, digits: null });
    expect(fieldsOf('sum_odd_even')).toEqual({ position: false, digit: false, picks: ['odd', 'even'], digits: null });
    expect(fieldsOf('position_big_small').picks).toEqual(['big', 'small']);
    expect(fieldsOf('box3').digits).toBe(3);
    expect(fieldsOf('lo2').digits).toBe(2);
    expect(fieldsOf('big4d').digits).toBe(4);
  });

  it('offers the types the server lists, in the engine order, and none the format lacks', () => {
    expect(betTypesOf('sea4d')).toEqual(['big4d', 'small4d']);
    expect(betTypesOf('digits5', ['box3', 'position', 'lo2'])).toEqual(['position', 'box3']);
  });

  it('builds only the fields of the bet type and refuses junk with the engine codes', () => {
    const draft = { ...EMPTY_DRAFT, position: 3, digit: 7, pick: 'big', number: '12' };
    expect(betOf('digits5', 'position', draft)).toEqual({ ok: true, bet: { type: 'position', position: 3, digit: 7 } });
    expect(betOf('digits5', 'sum_big_small', draft)).toEqual({ ok: true, bet: { type: 'sum_big_small', pick: 'big' } });
    expect(betOf('digits5', 'sum_odd_even', draft)).toEqual({ ok: false, code: 'lottery.bet_invalid' });
    expect(betOf('digits5', 'straight3', draft)).toEqual({ ok: false, code: 'lottery.bet_invalid' });
    expect(betOf('digits5', 'box3', { ...draft, number: '777' })).toEqual({ ok: false, code: 'lottery.bet_invalid' });
    expect(betOf('vn_north', 'lo2', draft)).toEqual({ ok: true, bet: { type: 'lo2', number: '12' } });
    expect(betOf('sea4d', 'lo2', draft)).toEqual({ ok: false, code: 'lottery.bet_type_unknown' });
  });

  it('reads the server odds without floats and pays stake × odds rounded down', () => {
    expect(oddsBpOf({ position: '9.8', box3_6: '163', big: '1.96', bad: '1e3', x: '0.00005' })).toEqual({
      position: 98_000,
      box3_6: 1_630_000,
      big: 19_600,
    });
    expect(multiplierText(19_600)).toBe('×1.96');
    expect(multiplierText(9_800_000)).toBe('×980');
    expect(payoutOf(1_99n, 19_600)).toBe(3_90n);
  });

  it('shows the odds of the bet itself where it depends on the pick', () => {
    const odds = DEFAULT_LOTTERY_ODDS.digits5;
    expect(oddsOfBet({ type: 'box3', number: '123' }, odds)).toBe(1_630_000);
    expect(oddsOfBet({ type: 'box3', number: '112' }, odds)).toBe(3_260_000);
    expect(topOddsBp('big4d', DEFAULT_LOTTERY_ODDS.sea4d)).toBe(25_000_000);
    expect(topOddsBp('lo2', odds)).toBeNull();
  });

  it('sends the type and the pick, and summarises a ticket in one line', () => {
    expect(wireBet({ type: 'position', position: 2, digit: 0 })).toEqual({
      betType: 'position',
      selection: { position: 2, digit: 0 },
    });
    expect(betSummary('position', { position: 2, digit: 0 }, t)).toBe(
      'lottery.betTypes.position({"defaultValue":"position"}) · lottery.slip.positionN({"n":2}) · 0',
    );
  });
});

describe('the prize mode (endpoints.md §8)', () => {
  it('is ELOTT only when the ELOTT lane has TCG_LOTTO_VN or LOTT', () => {
    expect(prizeModeOf([])).toBe('LOTT');
    expect(prizeModeOf([{ title: 'ELOTT', cards: [{ vassalage: 'BHAGYA' }] }])).toBe('LOTT');
    expect(prizeModeOf([{ title: 'LOTT', cards: [{ vassalage: 'TCG_LOTTO_VN' }] }])).toBe('LOTT');
    expect(prizeModeOf([{ title: 'ELOTT', cards: [{ vassalage: 'LOTT' }] }])).toBe('ELOTT');
    expect(prizeModeOf([{ title: 'ELOTT', cards: [{ vassalage: 'TCG_LOTTO_VN' }] }])).toBe('ELOTT');
  });
});

describe('the countdown', () => {
  it('counts down to zero and names days', () => {
    expect(formatCountdown(61_500)).toBe('00:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(90_061_000, (n) => `${n} days`)).toBe('1 days 01:01:01');
  });
});
