import { describe, expect, it } from 'vitest';
import {
  missionInputSchema,
  pointConfigInputSchema,
  pointGoodsInputSchema,
  promotionInputSchema,
  raffleInputSchema,
  redEnvelopeInputSchema,
} from '@khela/contracts';
import {
  engagementFormErrors,
  LUCKY_CODE_FIELDS,
  formValuesOf,
  fromLocalInput,
  listOf,
  missionInputFrom,
  MISSION_CODE_FIELDS,
  pointConfigInputFrom,
  pointConfigValues,
  raffleInputFrom,
  redEnvelopeInputFrom,
  goodsInputFrom,
  goodsInputOf,
  progressRank,
  promotionInputFrom,
  toLocalInput,
} from './engagement-logic.ts';

const reader = (values: Record<string, string>, checked: string[] = [], lists: Record<string, string[]> = {}) => ({
  text: (name: string) => values[name] ?? '',
  checked: (name: string) => checked.includes(name),
  list: (name: string) => lists[name] ?? [],
});

const form = {
  category: 'slots',
  'title.en': 'Spin week',
  'title.bn': 'স্পিন সপ্তাহ',
  'body.en': '<p>Terms</p>',
  'body.bn': '',
  startsAt: '2026-11-27T10:30',
  trigger: 'deposit',
  period: 'daily',
  turnoverMultiple: '3',
  sort: '',
  // Stale inputs of another reward kind must not be sent.
  rewardAmount: '50',
  rewardUnits: '7',
  rewardRate: '10',
  rewardCap: '500',
};

describe('engagement forms (issue 16 item 6)', () => {
  it('turns the promotion form into the body the API takes, only with the chosen reward kind', () => {
    const input = promotionInputFrom(reader({ ...form, rewardKind: 'percent' }, ['enabled', 'onePerDevice']));
    expect(promotionInputSchema.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({
      title: { en: 'Spin week', bn: 'স্পিন সপ্তাহ' },
      rewardKind: 'percent',
      rewardRate: '10',
      rewardCap: '500',
      rewardAmount: null,
      rewardUnits: null,
      rewardRaffleId: null,
      endsAt: null,
      imageUrl: null,
      enabled: true,
      onePerDevice: true,
      requiresApproval: false,
      turnoverMultiple: 3,
      sort: 0,
      minVipLevel: null,
    });
    expect(input.startsAt).toBe(new Date('2026-11-27T10:30').toISOString());
    const points = promotionInputFrom(reader({ ...form, rewardKind: 'points' }));
    expect(points).toMatchObject({ rewardUnits: 7, rewardAmount: null, rewardRate: null, rewardCap: null });
  });

  it('shows a datetime in the local input and back', () => {
    const iso = new Date(2026, 10, 27, 8, 5).toISOString();
    expect(toLocalInput(iso)).toBe('2026-11-27T08:05');
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput(' ')).toBeNull();
  });

  it('puts the server errors beside their inputs and a group code beside its group', () => {
    const fields = engagementFormErrors(
      { code: 'request.invalid', message: 'Invalid', fields: [{ field: 'body.title.en', message: 'Too long' }] },
      'Failed',
    );
    expect(fields).toEqual({ fields: { 'title.en': 'Too long' }, form: null });
    expect(engagementFormErrors({ code: 'promotion.invalid_reward', message: 'Give a cap' }, 'Failed')).toEqual({
      fields: { reward: 'Give a cap' },
      form: null,
    });
    expect(engagementFormErrors({ code: 'admin.forbidden', message: 'No' }, 'Failed')).toEqual({
      fields: {},
      form: 'No',
    });
    expect(engagementFormErrors(new Error('network'), 'Failed')).toEqual({ fields: {}, form: 'Failed' });
  });

  it('turns the goods form into the body the API takes, and kept goods back into it', () => {
    const input = goodsInputFrom(
      reader(
        {
          'name.en': 'Mug',
          'name.bn': 'মগ',
          imageUrl: '/img/mug.png',
          stock: '12',
          pointsRequired: '150',
          amountRequired: '',
          sort: '2',
        },
        ['enabled'],
      ),
    );
    expect(input).toEqual({
      name: { en: 'Mug', bn: 'মগ' },
      imageUrl: '/img/mug.png',
      stock: 12,
      pointsRequired: 150,
      amountRequired: '0',
      enabled: true,
      sort: 2,
    });
    expect(pointGoodsInputSchema.safeParse(input).success).toBe(true);
    expect(goodsInputOf({ ...input, id: 4, quantity: 20 })).toEqual(input);
  });
});

describe('field-spec forms of missions, red envelopes, raffles and points', () => {
  it('flattens a record to the field names its inputs carry', () => {
    expect(
      formValuesOf({ title: { en: 'A', bn: 'আ' }, milestones: [{ target: '5' }], gameId: null, on: true }),
    ).toEqual({ 'title.en': 'A', 'title.bn': 'আ', 'milestones.0.target': '5', gameId: null, on: true });
  });

  it('reads a mission with its milestone rows; a deposit goal sends no game', () => {
    const body = missionInputFrom(
      reader({
        'title.en': 'Climb',
        'title.bn': 'উঠুন',
        'description.en': 'Deposit',
        'description.bn': 'ডিপোজিট',
        startTime: '2030-01-01T10:00',
        endTime: '2030-01-08T10:00',
        goalType: 'deposit',
        gameId: '12',
        'milestones.0.target': '100',
        'milestones.0.rewardAmount': '5',
        'milestones.0.turnoverMultiple': '2',
        'milestones.1.target': '300',
        'milestones.1.rewardAmount': '12.50',
        'milestones.1.turnoverMultiple': '0',
      }),
      2,
    );
    expect(missionInputSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      gameId: null,
      productTypes: null,
      milestones: [{ target: '100' }, { turnoverMultiple: 0 }],
    });
    expect(
      engagementFormErrors({ code: 'mission.invalid_milestones', message: 'm' }, 'x', MISSION_CODE_FIELDS),
    ).toEqual({
      fields: { milestones: 'm' },
      form: null,
    });
  });

  it('sends the product types ticked for a valid-bet goal (none: null, every game) and shows them again on edit', () => {
    const mission = {
      'title.en': 'Bet',
      'title.bn': 'বাজি',
      'description.en': 'Bet',
      'description.bn': 'বাজি',
      startTime: '2030-01-01T10:00',
      endTime: '2030-01-08T10:00',
      'milestones.0.target': '1000',
      'milestones.0.rewardAmount': '10',
      'milestones.0.turnoverMultiple': '1',
    };
    const ticked = { productTypes: ['LIVE', 'SPORTS'] };
    const validBet = missionInputFrom(reader({ ...mission, goalType: 'validBet' }, [], ticked), 1);
    expect(missionInputSchema.parse(validBet)).toEqual(validBet);
    expect(validBet).toMatchObject({ goalType: 'validBet', productTypes: ['LIVE', 'SPORTS'], gameId: null });
    expect(missionInputFrom(reader({ ...mission, goalType: 'validBet' }), 1).productTypes).toBeNull();
    // Boxes left ticked under another goal are not sent: the server refuses product types there.
    expect(missionInputFrom(reader({ ...mission, goalType: 'rounds', gameId: '7' }, [], ticked), 1)).toMatchObject({
      productTypes: null,
      gameId: 7,
    });
    // The saved choice ticks its boxes again; a mission counting every game ticks none.
    expect(listOf(formValuesOf({ productTypes: ['LIVE', 'SPORTS'] }), 'productTypes')).toEqual(['LIVE', 'SPORTS']);
    expect(listOf(formValuesOf({ productTypes: null }), 'productTypes')).toEqual([]);
    // The goal's code (a game and product types together, …) lands on the group that holds them.
    expect(engagementFormErrors({ code: 'mission.invalid_goal', message: 'g' }, 'x', MISSION_CODE_FIELDS)).toEqual({
      fields: { goal: 'g' },
      form: null,
    });
  });

  it('reads red envelopes and raffles with a title per language; empty optional rules are null', () => {
    const window = { 'title.en': 'Eid', 'title.bn': 'ঈদ', startsAt: '2030-01-01T10:00', endsAt: '2030-01-01T12:00' };
    const envelope = redEnvelopeInputFrom(
      reader({ ...window, pool: '500', minGrab: '1', maxGrab: '20', turnoverMultiple: '1', depositDays: '7' }),
    );
    expect(redEnvelopeInputSchema.parse(envelope)).toEqual(envelope);
    expect(envelope).toMatchObject({ title: { en: 'Eid', bn: 'ঈদ' }, minDeposit: null, depositDays: null });
    // A language left blank is refused by the server beside its own input.
    expect(
      engagementFormErrors(
        { code: 'request.invalid', message: 'm', fields: [{ field: 'title.bn', message: 'Required' }] },
        'x',
        LUCKY_CODE_FIELDS,
      ),
    ).toEqual({ fields: { 'title.bn': 'Required' }, form: null });
    const raffle = raffleInputFrom(
      reader({
        ...window,
        drawAt: '2030-01-01T13:00',
        depositPerTicket: '500',
        'prizes.0.amount': '100',
        'prizes.0.count': '1',
        turnoverMultiple: '1',
      }),
      1,
    );
    expect(raffleInputSchema.parse(raffle)).toEqual(raffle);
    expect(raffle).toMatchObject({
      title: { en: 'Eid', bn: 'ঈদ' },
      betPerTicket: null,
      prizes: [{ amount: '100', count: 1 }],
    });
  });

  it('reads the points settings by point type and shows the kept rates the same way', () => {
    const kept = {
      enabled: true,
      cashToPoints: false,
      pointsToCash: true,
      rates: [{ pointType: 'RNG', amount: '100.00', points: 1 }],
    };
    const values = pointConfigValues(kept);
    expect(values).toMatchObject({ enabled: true, 'rates.RNG.amount': '100.00', 'rates.RNG.points': 1 });
    const body = pointConfigInputFrom(
      reader({ 'rates.RNG.amount': '100.00', 'rates.RNG.points': '1', 'rates.deposit.amount': '50' }, [
        'enabled',
        'pointsToCash',
      ]),
    );
    expect(pointConfigInputSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      enabled: true,
      cashToPoints: false,
      pointsToCash: true,
      rates: [
        { pointType: 'RNG', amount: '100.00', points: '1' },
        { pointType: 'deposit', amount: '50', points: '' },
      ],
    });
  });
});

describe('progressRank (issue 16 item 6)', () => {
  const list = { sort: { key: 'rank', order: 'desc' as const }, searched: false, pageNo: 2, pageSize: 20 };
  it('is the place in the rank order, furthest first, across pages', () => {
    expect(progressRank(list, 0, 45)).toBe(21);
    expect(progressRank({ ...list, pageNo: 1 }, 0, 45)).toBe(1);
  });
  it('counts from the end when the rank order is reversed', () => {
    expect(progressRank({ ...list, pageNo: 1, sort: { key: 'rank', order: 'asc' } }, 0, 45)).toBe(45);
    expect(progressRank({ ...list, pageNo: 3, sort: { key: 'rank', order: 'asc' } }, 4, 45)).toBe(1);
  });
  it('is none in another order or among the members a search found', () => {
    expect(progressRank({ ...list, sort: { key: 'username', order: 'desc' } }, 0, 45)).toBeNull();
    expect(progressRank({ ...list, searched: true }, 0, 45)).toBeNull();
  });
});
