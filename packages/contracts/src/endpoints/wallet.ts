import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { contractViewSchema } from './agent-contracts.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { hasControlCharacters } from './support.ts';

const tags = ['wallet'] as const;

/** §9 records: at most this many rows a page, and this many days between `from` and `to`. */
export const RECORDS_MAX_PAGE_SIZE = 100;
export const RECORDS_DEFAULT_PAGE_SIZE = 20;
export const RECORDS_MAX_DAYS = 90;
/** Streams one member may hold open at once (tabs, devices); the oldest is closed beyond it. */
export const MEMBER_EVENT_STREAMS_MAX = 5;

/** Balance wallet types: 0 main, 1 bonus, then one per game (transfer) wallet. */
export const ACCOUNT_TYPE_IDS = { MAIN: 0, BONUS: 1, FIRST_GAME: 2 } as const;

const secret = () =>
  z
    .string()
    .max(128)
    .refine((value) => !hasControlCharacters(value));

/** A client-made id that makes a transfer idempotent: the same id twice moves money once. */
export const requestIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .refine((value) => /^[A-Za-z0-9_-]+$/.test(value));

const vendorCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .refine((value) => /^[A-Za-z0-9_-]+$/.test(value));

/** Query numbers arrive as text: digits only, then a bounded integer. */
const queryInt = (max: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value))
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** A calendar day in the merchant's time zone, `YYYY-MM-DD`. */
const daySchema = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value));

/** §9 date shortcuts (next or previous 7 or 30 days) send a `from`/`to` window. */
export const pagingShape = {
  pageNo: queryInt(100_000).optional(),
  pageSize: queryInt(RECORDS_MAX_PAGE_SIZE).optional(),
};
/**
 * A list sorted on the server (issue 16 Quality): `sort` one of the list's named fields (the module
 * maps each to its column; a client never names a column), `order` asc or desc.
 */
export const sortShape = <const Sorts extends readonly [string, ...string[]]>(sorts: Sorts) => ({
  sort: z.enum(sorts).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export const recordsShape = { ...pagingShape, from: daySchema.optional(), to: daySchema.optional() };
export const recordsQuerySchema = z.object(recordsShape);

export const pageShape = <T extends z.ZodType>(item: T) => ({
  list: z.array(item),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export const page = <T extends z.ZodType>(item: T) => z.object(pageShape(item));

export const walletBalanceSchema = z.object({
  sumBalance: moneyValueSchema,
  balance: z.array(
    z.object({
      accountTypeId: z.number().int(),
      availBalance: moneyValueSchema,
      /** Set on game wallets. */
      vendorCode: z.string().optional(),
      /** Set on game wallets: the vendor's name as the lobby shows it, in the asked language. */
      vendorName: z.string().optional(),
    }),
  ),
  currency: z.string(),
  currencySymbol: z.string(),
});

/** Which of the member's accounts a record moved. */
export const WALLET_KINDS = ['main', 'bonus', 'game', 'hold'] as const;

export const transactionRecordSchema = z.object({
  id: z.string(),
  time: z.string(),
  /** The ledger transaction kind (deposit, withdrawal, transfer, bet, win, …). */
  type: z.string(),
  wallet: z.enum(WALLET_KINDS),
  vendorCode: z.string().optional(),
  amount: moneyValueSchema,
  balanceAfter: moneyValueSchema,
  reference: z.string(),
});

export const profitRecordSchema = z.object({
  date: z.string(),
  gameType: z.string(),
  betAmount: moneyValueSchema,
  winAmount: moneyValueSchema,
  profit: moneyValueSchema,
});

export const betRecordSchema = z.object({
  roundId: z.string(),
  /** The integration's code (SANDBOX, INHOUSE_1): a key, not for display. */
  vendor: z.string(),
  /** The provider as the lobby names it, in the request's language. */
  vendorName: z.string(),
  gameType: z.string(),
  betAmount: moneyValueSchema,
  winAmount: moneyValueSchema,
  profit: moneyValueSchema,
  /** A sports slip whose result was corrected after settlement: win and profit are its current ones (ADR 0024). */
  resettled: z.boolean().optional(),
  time: z.string(),
});

/** Ids of the business record a notification is about (deposit id, amount, …), as text. */
const referenceSchema = z.partialRecord(z.string(), z.string());

/** Message ids as text (they outgrow a JS number's exact range in principle). */
const inboxIdsSchema = z
  .array(z.string().refine((value) => /^\d{1,18}$/.test(value)))
  .min(1)
  .max(RECORDS_MAX_PAGE_SIZE);

export const inboxEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  /** Plain text, or HTML sanitised on the server when `html` (operator messages). */
  body: z.string(),
  html: z.boolean(),
  reference: referenceSchema,
  read: z.boolean(),
  createdAt: z.string(),
});

/** One server-sent event (`event: notification`) of the member's stream. */
export const memberEventSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  reference: referenceSchema,
  balanceChanged: z.boolean(),
});

const transferResultShape = {
  transactionId: z.string(),
  /** True when this requestId had already been carried out: nothing moved again. */
  replayed: z.boolean(),
  amount: moneyValueSchema,
  /** The member's main wallet after the transfer. */
  balance: moneyValueSchema,
};

export const walletEndpoints = {
  balance: defineEndpoint({
    name: 'balance',
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    auth: 'member',
    switch: 'COMM3',
    summary: 'Balances of the main, bonus and game wallets and their sum',
    tags,
    query: z.object({ typeId: z.string().trim().max(8).optional() }),
    response: walletBalanceSchema,
  }),
  merchantWallet: defineEndpoint({
    name: 'home.merchantWallet',
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    auth: 'member',
    switch: 'COMM3',
    summary: 'Wallet mode of the merchant: isSingle 1 hides the transferFund page',
    tags,
    query: z.object({ merchantCode: z.string().trim().max(64).optional() }),
    response: z.object({ isSingle: z.number().int() }),
  }),
  consolidated: defineEndpoint({
    name: 'home.consolidated',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    auth: 'member',
    switch: 'AGENTPOLICY3',
    summary: 'Pending and active agent contracts with the balance (trial users get an empty value)',
    tags,
    response: z.object({
      dailysalreqtype: z.boolean(),
      divtypereq: z.boolean(),
      contracthoursalreq: z.boolean(),
      realtimesalreqtype: z.boolean(),
      /**
       * Issue 13: the live contracts (agent-contracts.ts): daily salary (type.dailySalary), hourly
       * salary (hourSalary), real-time salary (salary) and dividend (enableCt); null when none.
       */
      contractmrdailysalinfotype: contractViewSchema.nullable(),
      contracthoursalinfo: contractViewSchema.nullable(),
      dailysalinfotype: contractViewSchema.nullable(),
      divtypeinfo: contractViewSchema.nullable(),
      /** The pending offers themselves, for the contract popup (the four flags above say which kinds). */
      offers: z.array(contractViewSchema),
      sumBalance: moneyValueSchema,
      currency: z.string(),
      currencySymbol: z.string(),
    }),
  }),
  transferUpline: defineEndpoint({
    name: 'transferUpline',
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCSFE_memberTransfer',
    auth: 'member',
    encrypted: true,
    switch: 'AGETRANSFERUP3',
    summary: 'Transfer from the main wallet to the direct upline, or (agents) to one of their downlines',
    tags,
    body: z.object({
      direction: z.enum(['upline', 'downline']),
      /** The downline's username; ignored for the upline. */
      username: z.string().trim().max(64).optional(),
      amount: amountSchema,
      requestId: requestIdSchema,
      paymentPassword: secret().optional(),
    }),
    response: z.object({ ...transferResultShape, counterparty: z.string() }),
  }),
  transferFund: defineEndpoint({
    name: 'walletTransfer',
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    auth: 'member',
    switch: 'FUNDTRANS3',
    summary: "Transfer between the member's main wallet and a game wallet",
    tags,
    body: z.object({
      vendorCode: vendorCodeSchema,
      direction: z.enum(['toGame', 'toMain']),
      amount: amountSchema,
      requestId: requestIdSchema,
    }),
    response: z.object({ ...transferResultShape, gameBalance: moneyValueSchema }),
  }),
  transactionHistory: defineEndpoint({
    name: 'transactionHistory',
    method: 'GET',
    path: '/wps/member/records/transactions',
    auth: 'member',
    switch: 'COMM3',
    summary: "The member's wallet movements, newest first",
    tags,
    query: z.object({ ...recordsShape, type: z.string().trim().max(64).optional() }),
    response: page(transactionRecordSchema),
  }),
  personalProfit: defineEndpoint({
    name: 'personalProfit',
    method: 'GET',
    path: '/wps/member/records/profit',
    auth: 'member',
    switch: 'COMM3',
    summary: 'Profit and loss per day and game type',
    tags,
    query: recordsQuerySchema,
    response: z.object({
      ...pageShape(profitRecordSchema),
      summary: z.object({ betAmount: moneyValueSchema, winAmount: moneyValueSchema, profit: moneyValueSchema }),
    }),
  }),
  bonusDetails: defineEndpoint({
    name: 'bonusDetails',
    method: 'GET',
    path: '/wps/member/records/bonus',
    auth: 'member',
    switch: 'COMM3',
    summary: 'Movements of the bonus wallet',
    tags,
    query: recordsQuerySchema,
    response: page(transactionRecordSchema),
  }),
  bettingRecords: defineEndpoint({
    name: 'personalHistoryCopy',
    method: 'GET',
    path: '/wps/member/records/bets',
    auth: 'member',
    switch: 'COMM3',
    summary: 'Betting records: one row per game round, by game and result when asked',
    tags,
    query: z.object({
      ...recordsShape,
      /** A catalogue game's code (gameCode of the lobby). */
      gameCode: z.string().trim().min(1).max(64).optional(),
      /** win: the round paid back more than its stake; loss: not. */
      result: z.enum(['win', 'loss']).optional(),
    }),
    response: page(betRecordSchema),
  }),
  inbox: defineEndpoint({
    name: 'inbox',
    method: 'GET',
    path: '/wps/member/inbox',
    aliases: ['/wps/relay/CSP_getInbox', '/wps/relay/EMFE_getInbox'],
    auth: 'member',
    switch: 'INBOX3',
    summary: "The member's notifications, newest first, with the unread count",
    tags,
    query: z.object(pagingShape),
    response: z.object({ ...pageShape(inboxEntrySchema), unread: z.number().int() }),
  }),
  inboxRead: defineEndpoint({
    name: 'inboxRead',
    method: 'POST',
    path: '/wps/member/inbox/read',
    auth: 'member',
    switch: 'INBOX3',
    summary: 'Marks notifications read (the given ids, or all)',
    tags,
    body: z.union([z.object({ ids: inboxIdsSchema }), z.object({ all: z.literal(true) })]),
    response: z.object({ unread: z.number().int() }),
  }),
  inboxUnread: defineEndpoint({
    name: 'inboxUnread',
    method: 'GET',
    path: '/wps/member/inbox/unread',
    aliases: ['/wps/relay/CSP_unreadCount', '/wps/relay/EMFE_getInboxUnreadCount'],
    auth: 'member',
    switch: 'INBOX3',
    summary:
      'Unread messages (header and menu badges); `value` repeats it for the newer gateway name; 0 for trial accounts. availablePromoCount: the reward-centre badge (REWCEN3), which the header adds',
    tags,
    response: z.object({
      unread: z.number().int(),
      value: z.number().int(),
      availablePromoCount: z.number().int().optional(),
    }),
  }),
  inboxDelete: defineEndpoint({
    name: 'inboxDelete',
    method: 'POST',
    path: '/wps/member/inbox/delete',
    auth: 'member',
    switch: 'INBOX3',
    summary: "Deletes the given messages of the member's own; an id that is not one of them: 404 and nothing deleted",
    tags,
    body: z.object({ ids: inboxIdsSchema }),
    response: z.object({ deleted: z.number().int(), unread: z.number().int() }),
  }),
  events: defineEndpoint({
    name: 'memberEvents',
    method: 'GET',
    path: '/wps/member/events',
    auth: 'member',
    switch: 'COMM3',
    responseFormat: 'sse',
    summary:
      'Server-sent events (text/event-stream): `event: notification` with the data below when a notification is written; a comment heartbeat every 25 s',
    tags,
    response: memberEventSchema,
  }),
};
