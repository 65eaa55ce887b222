import { describe, expect, it } from 'vitest';
import { parseVipRanks } from './vip.ts';

const rank = (
  monthlyTurnover: string | number,
  promotionBonus: string | number = '0',
  monthlyBonus: string | number = '0',
) => ({
  nameBn: 'ক',
  nameEn: 'A',
  monthlyTurnover,
  promotionBonus,
  monthlyBonus,
});

describe('parseVipRanks', () => {
  it('numbers the ranks from 1 and stores minor units', () => {
    expect(parseVipRanks({ ranks: [rank('100', '1.5', 0), rank(1000.25, '10', '5.05')] })).toEqual({
      ok: true,
      ranks: [
        { level: 1, nameBn: 'ক', nameEn: 'A', monthlyTurnover: 10_000n, promotionBonus: 150n, monthlyBonus: 0n },
        { level: 2, nameBn: 'ক', nameEn: 'A', monthlyTurnover: 100_025n, promotionBonus: 1_000n, monthlyBonus: 505n },
      ],
    });
    expect(parseVipRanks({ ranks: [] })).toEqual({ ok: true, ranks: [] });
  });

  it('refuses equal, falling or zero thresholds', () => {
    for (const ranks of [[rank('100'), rank('100')], [rank('100'), rank('99.99')], [rank('0')]]) {
      expect(parseVipRanks({ ranks })).toEqual({ ok: false, code: 'vip.invalid_threshold' });
    }
  });

  it('refuses negative, fractional-cent and junk amounts', () => {
    for (const bad of [
      rank('-1'),
      rank('1', '-5'),
      rank('1', '0', '0.001'),
      rank('1e3'),
      rank('abc'),
      rank(Infinity),
    ]) {
      expect(parseVipRanks({ ranks: [bad] })).toEqual({ ok: false, code: 'vip.invalid_amount' });
    }
  });
});
