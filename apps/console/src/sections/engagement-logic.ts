import {
  POINT_TYPES,
  type MissionInput,
  type PointConfigInput,
  type PointGoodsInput,
  type PromotionInput,
  type RaffleInput,
  type RebateProductType,
  type RedEnvelopeInput,
} from '@khela/contracts';

/** A form's default values by the API's field names, flat: `title.en`, `milestones.0.target`. */
export type FormValues = Record<string, string | number | boolean | null | undefined>;

/** A record as kept, flattened to the field names its form's inputs carry. */
export function formValuesOf(record: object | null | undefined, prefix = ''): FormValues {
  const values: FormValues = {};
  for (const [key, value] of Object.entries(record ?? {})) {
    const name = `${prefix}${key}`;
    if (value !== null && typeof value === 'object') Object.assign(values, formValuesOf(value as object, `${name}.`));
    else values[name] = value as FormValues[string];
  }
  return values;
}

/** A list as `formValuesOf` flattens it (`<name>.0`, `<name>.1`, …), back to its values. */
export function listOf(values: FormValues, name: string): string[] {
  const list: string[] = [];
  for (let i = 0; values[`${name}.${i}`] !== undefined && values[`${name}.${i}`] !== null; i++) {
    list.push(String(values[`${name}.${i}`]));
  }
  return list;
}

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

type Reader = {
  text: (name: string) => string;
  checked: (name: string) => boolean;
  list: (name: string) => string[];
};

const optionalOf =
  ({ text }: Reader) =>
  (name: string) =>
    text(name).trim() === '' ? null : text(name).trim();
const countOf = (reader: Reader) => (name: string) => {
  const value = optionalOf(reader)(name);
  return value === null ? null : Number(value);
};
const localizedOf = ({ text }: Reader, name: string) => ({ bn: text(`${name}.bn`), en: text(`${name}.en`) });
/** `rows` repeated rows of a form (`<name>.<i>.<column>`), read by `row`. */
const rowsOf = <T>(rows: number, row: (prefix: string) => T) => Array.from({ length: rows }, (_, i) => row(`${i}.`));

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

/** Codes of the mission, red-envelope and raffle, and points calls that belong to one input or group. */
export const MISSION_CODE_FIELDS: Record<string, string> = {
  'mission.invalid_window': 'endTime',
  'mission.invalid_goal': 'goal',
  'mission.invalid_milestones': 'milestones',
  'mission.invalid_amount': 'milestones',
  'mission.locked': 'milestones',
};
export const LUCKY_CODE_FIELDS: Record<string, string> = {
  'lucky.invalid_window': 'endsAt',
  'lucky.invalid_amounts': 'maxGrab',
  'lucky.invalid_tickets': 'tickets',
};
export const POINT_CODE_FIELDS: Record<string, string> = {
  'points.invalid_rate': 'rates',
  'points.duplicate_type': 'rates',
};

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

/**
 * The mission form to the body of create and update. A valid-bet goal counts the product types
 * ticked (none ticked: null, every game) or one game; a rounds goal one game; deposits no game.
 */
export function missionInputFrom(reader: Reader, milestones: number): MissionInput {
  const { text } = reader;
  const count = countOf(reader);
  const productTypes = reader.list('productTypes') as RebateProductType[];
  return {
    title: localizedOf(reader, 'title'),
    description: localizedOf(reader, 'description'),
    startTime: fromLocalInput(text('startTime')) ?? '',
    endTime: fromLocalInput(text('endTime')) ?? '',
    goalType: text('goalType') as MissionInput['goalType'],
    productTypes: text('goalType') === 'validBet' && productTypes.length > 0 ? productTypes : null,
    gameId: text('goalType') === 'deposit' ? null : count('gameId'),
    milestones: rowsOf(milestones, (row) => ({
      target: text(`milestones.${row}target`).trim(),
      rewardAmount: text(`milestones.${row}rewardAmount`).trim(),
      turnoverMultiple: count(`milestones.${row}turnoverMultiple`) ?? 0,
    })),
  };
}

/** The red-envelope form to the body of create and update; no deposit condition when left empty. */
export function redEnvelopeInputFrom(reader: Reader): RedEnvelopeInput {
  const { text } = reader;
  const optional = optionalOf(reader);
  return {
    title: localizedOf(reader, 'title'),
    startsAt: fromLocalInput(text('startsAt')) ?? '',
    endsAt: fromLocalInput(text('endsAt')) ?? '',
    pool: text('pool').trim(),
    minGrab: text('minGrab').trim(),
    maxGrab: text('maxGrab').trim(),
    turnoverMultiple: countOf(reader)('turnoverMultiple') ?? 0,
    minDeposit: optional('minDeposit'),
    depositDays: optional('minDeposit') === null ? null : countOf(reader)('depositDays'),
  };
}

/** The raffle form to the body of create and update; a ticket rule left empty earns no tickets. */
export function raffleInputFrom(reader: Reader, prizes: number): RaffleInput {
  const { text } = reader;
  const optional = optionalOf(reader);
  return {
    title: localizedOf(reader, 'title'),
    startsAt: fromLocalInput(text('startsAt')) ?? '',
    endsAt: fromLocalInput(text('endsAt')) ?? '',
    drawAt: fromLocalInput(text('drawAt')) ?? '',
    depositPerTicket: optional('depositPerTicket'),
    betPerTicket: optional('betPerTicket'),
    prizes: rowsOf(prizes, (row) => ({
      amount: text(`prizes.${row}amount`).trim(),
      count: countOf(reader)(`prizes.${row}count`) ?? 0,
    })),
    turnoverMultiple: countOf(reader)('turnoverMultiple') ?? 0,
  };
}

/**
 * The points form (one rate row per point type, `rates.<type>.amount`) to its body: a type whose
 * row is left empty earns or converts nothing (the rates given replace all rates).
 */
export function pointConfigInputFrom(reader: Reader): PointConfigInput {
  const optional = optionalOf(reader);
  return {
    enabled: reader.checked('enabled'),
    cashToPoints: reader.checked('cashToPoints'),
    pointsToCash: reader.checked('pointsToCash'),
    rates: POINT_TYPES.flatMap((pointType) => {
      const amount = optional(`rates.${pointType}.amount`);
      const points = optional(`rates.${pointType}.points`);
      return amount === null && points === null ? [] : [{ pointType, amount: amount ?? '', points: points ?? '' }];
    }),
  };
}

/** The rate table as kept, by point type, as the points form's inputs are named. */
export function pointConfigValues(config: {
  enabled: boolean;
  cashToPoints: boolean;
  pointsToCash: boolean;
  rates: readonly { pointType: string; amount: string; points: number }[];
}): FormValues {
  const { rates, ...flags } = config;
  return { ...flags, ...formValuesOf(Object.fromEntries(rates.map((r) => [r.pointType, r])), 'rates.') };
}

/**
 * A mission progress row's rank (issue 16 item 6): its place in the rank order of every member, the
 * server's `rank` sort (descending: furthest first). In another order, or among the members a search
 * found, a place is not a rank: null.
 */
export function progressRank(
  list: { sort: { key: string; order: 'asc' | 'desc' }; searched: boolean; pageNo: number; pageSize: number },
  index: number,
  total: number,
): number | null {
  if (list.sort.key !== 'rank' || list.searched) return null;
  const place = (list.pageNo - 1) * list.pageSize + index + 1;
  return list.sort.order === 'desc' ? place : total - place + 1;
}
