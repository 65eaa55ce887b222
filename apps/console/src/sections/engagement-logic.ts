import type { PointGoodsInput, PromotionInput } from '@khela/contracts';

/** An ISO instant as a `datetime-local` input shows it (the operator's own clock). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value back to an instant; empty stays empty (null). */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Money rewards take an amount or a rate; points and tickets take a count (the server's parsePromotionInput). */
export const REWARD_INPUTS = {
  fixed: ['rewardAmount'],
  percent: ['rewardRate', 'rewardCap'],
  points: ['rewardUnits'],
  raffle_tickets: ['rewardUnits', 'rewardRaffleId'],
} as const satisfies Record<PromotionInput['rewardKind'], readonly string[]>;

type Reader = { text: (name: string) => string; checked: (name: string) => boolean };

/**
 * The promotion form's inputs (named as the API's fields) to the body of create and update. Inputs
 * the chosen reward kind does not take are sent as null, so the server never sees stale values.
 */
export function promotionInputFrom({ text, checked }: Reader): PromotionInput {
  const optional = (name: string) => (text(name).trim() === '' ? null : text(name).trim());
  const count = (name: string) => {
    const value = optional(name);
    return value === null ? null : Number(value);
  };
  const rewardKind = text('rewardKind') as PromotionInput['rewardKind'];
  const takes = (name: string) => (REWARD_INPUTS[rewardKind] as readonly string[]).includes(name);
  return {
    category: text('category') as PromotionInput['category'],
    title: { bn: text('title.bn'), en: text('title.en') },
    body: { bn: text('body.bn'), en: text('body.en') },
    imageUrl: optional('imageUrl'),
    enabled: checked('enabled'),
    startsAt: fromLocalInput(text('startsAt')) ?? '',
    endsAt: fromLocalInput(text('endsAt')),
    trigger: text('trigger') as PromotionInput['trigger'],
    rewardKind,
    rewardAmount: takes('rewardAmount') ? optional('rewardAmount') : null,
    rewardRate: takes('rewardRate') ? optional('rewardRate') : null,
    rewardCap: takes('rewardCap') ? optional('rewardCap') : null,
    rewardUnits: takes('rewardUnits') ? count('rewardUnits') : null,
    rewardRaffleId: takes('rewardRaffleId') ? count('rewardRaffleId') : null,
    minBasis: optional('minBasis'),
    turnoverMultiple: count('turnoverMultiple') ?? 0,
    requiresApproval: checked('requiresApproval'),
    period: text('period') as PromotionInput['period'],
    newMemberDays: count('newMemberDays'),
    minDepositCount: count('minDepositCount'),
    maxDepositCount: count('maxDepositCount'),
    minVipLevel: count('minVipLevel'),
    onePerDevice: checked('onePerDevice'),
    onePerPaymentAccount: checked('onePerPaymentAccount'),
    sort: count('sort') ?? 0,
  };
}

/** Codes of the promotion calls that belong to one part of the form rather than to all of it. */
const PROMOTION_CODE_FIELDS: Record<string, string> = {
  'promotion.invalid_reward': 'reward',
  'promotion.raffle_closed': 'reward',
  'promotion.reward_kind_unavailable': 'reward',
  'promotion.invalid_conditions': 'conditions',
};

/**
 * The server's answer spread over a form whose inputs carry the API's field names: `body.title.en`
 * beside the English title, a code that names one part beside it, anything else above the buttons.
 */
export function engagementFormErrors(
  error: unknown,
  fallback: string,
  codeFields: Record<string, string> = PROMOTION_CODE_FIELDS,
): { fields: Record<string, string>; form: string | null } {
  const failure = error as { code?: unknown; message?: string; fields?: readonly { field: string; message: string }[] };
  if (!failure || typeof failure.code !== 'string') return { fields: {}, form: fallback };
  const fields: Record<string, string> = {};
  for (const { field, message } of failure.fields ?? []) fields[field.replace(/^body\./, '')] ??= message;
  const own = codeFields[failure.code];
  if (own) fields[own] ??= failure.message ?? fallback;
  return { fields, form: Object.keys(fields).length ? null : (failure.message ?? fallback) };
}

/** The goods form's inputs (named as the API's fields) to the body of create and update. */
export function goodsInputFrom({ text, checked }: Reader): PointGoodsInput {
  const whole = (name: string) => (text(name).trim() === '' ? 0 : Number(text(name)));
  return {
    name: { bn: text('name.bn'), en: text('name.en') },
    imageUrl: text('imageUrl'),
    stock: whole('stock'),
    pointsRequired: whole('pointsRequired'),
    amountRequired: text('amountRequired').trim() || '0',
    enabled: checked('enabled'),
    sort: whole('sort'),
  };
}

/** Goods as kept, back to the input their update takes (the issued quantity is the server's). */
export function goodsInputOf(goods: PointGoodsInput & { id: number; quantity: number }): PointGoodsInput {
  const { id: _id, quantity: _quantity, ...input } = goods;
  return input;
}
