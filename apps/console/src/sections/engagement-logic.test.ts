import { describe, expect, it } from 'vitest';
import { pointGoodsInputSchema, promotionInputSchema } from '@khela/contracts';
import {
  engagementFormErrors,
  fromLocalInput,
  goodsInputFrom,
  goodsInputOf,
  promotionInputFrom,
  toLocalInput,
} from './engagement-logic.ts';

const reader = (values: Record<string, string>, checked: string[] = []) => ({
  text: (name: string) => values[name] ?? '',
  checked: (name: string) => checked.includes(name),
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
