import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { LocalizedText } from '@khela/contracts';

/** Kysely table types; column names are snake_case as in the migrations. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Localized = JSONColumnType<LocalizedText>;

export interface MerchantsTable {
  id: Generated<number>;
  code: string;
  name: string;
  currency: Generated<string>;
  default_language: Generated<'bn' | 'en'>;
  languages: Generated<('bn' | 'en')[]>;
  main_domain: Generated<string>;
  gtag_id: string | null;
  image_cdns: Generated<string[]>;
  launch_game_cdns: Generated<string[]>;
  session_idle_minutes: Generated<number>;
  session_absolute_hours: Generated<number>;
  created_at: Generated<Date>;
  /** Issue 5 (migrations/0008_wallet.ts): single wallet hides transferFund. */
  wallet_single: Generated<boolean>;
  /** Issue 13 (migrations/0019_agent_stats.ts): the calendar the merchant's days are counted in. */
  time_zone: Generated<string>;
}

export interface MerchantDomainsTable {
  id: Generated<number>;
  merchant_id: number;
  domain: string;
  kind: Generated<'main' | 'mirror' | 'agent'>;
  affiliate_code: string | null;
}

export interface WhitelabelSwitchesTable {
  merchant_id: number;
  mod_id: string;
  enabled: boolean;
}

export interface RegistrationRulesTable {
  merchant_id: number;
  field: string;
  enabled: boolean;
  required: boolean;
  pattern_id: number;
  min_length: number;
  max_length: number;
}

export interface BannersTable {
  id: Generated<number>;
  merchant_id: number;
  group_name: string;
  title: Localized;
  url: string;
  linkage: Generated<string>;
  linkage_type: Generated<string>;
  video: Generated<boolean>;
  sequence: Generated<number>;
  active: Generated<boolean>;
}

export interface AnnouncementImage {
  sequence: number;
  url: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  merchant_id: number;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  title: Localized;
  content: Localized;
  execution: 'A' | 'B' | 'F' | null;
  images: JSONColumnType<AnnouncementImage[]>;
  sequence: Generated<number>;
  active: Generated<boolean>;
  published_at: Timestamp;
}

export interface HelpArticlesTable {
  id: Generated<number>;
  merchant_id: number;
  tag: string;
  title: Localized;
  content: Localized;
  device: Generated<'WEB' | 'MOBILE' | 'ALL'>;
  sequence: Generated<number>;
  active: Generated<boolean>;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  merchant_id: number;
  cs_type: string;
  cs_position: Generated<string>;
  title: Localized;
  url: string;
  sequence: Generated<number>;
  active: Generated<boolean>;
}

export interface ResourcesTable {
  id: Generated<number>;
  merchant_id: number;
  resource_type: string;
  url: string;
  label: Localized;
  active: Generated<boolean>;
}

export interface MaintenanceWindowsTable {
  id: Generated<number>;
  merchant_id: number;
  starts_at: Timestamp;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  message: Localized;
}

export interface RegionRulesTable {
  id: Generated<number>;
  merchant_id: number;
  kind: 'country' | 'cidr';
  value: string;
}

export interface CaptchasTable {
  id: string;
  merchant_id: number;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: Date | null;
}

/** Sliding-log throttles (0010): the instants of the latest allowed hits of a key. */
export interface ThrottlesTable {
  key: string;
  hits: Date[];
  expires_at: Timestamp;
}

/** Consecutive failures of an account (0010); deleted on success. */
export interface LockoutsTable {
  key: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface FeedbackTable {
  id: Generated<number>;
  merchant_id: number;
  type: number;
  content: string;
  sender: string;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface OperatorsTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  password_hash: string;
  role: 'superadmin' | 'content' | 'settings' | 'support';
  active: Generated<boolean>;
  created_at: Generated<Date>;
  /** Migration 0038: sealed TOTP secret; in force once totp_enabled_at is set. */
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: bigint | null;
}

/** Migration 0038: one-time recovery codes of an operator's TOTP (argon2id hashes). */
export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  operator_id: number;
  code_hash: string;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** Migration 0038: a log-in past its password, waiting for the code (no session). */
export interface OperatorLoginChallengesTable {
  token_hash: Buffer;
  operator_id: number;
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** Migration 0048: further merchants an operator works on, with the role they hold at home. */
export interface OperatorMerchantsTable {
  operator_id: number;
  merchant_id: number;
  granted_by: number | null;
  created_at: Generated<Date>;
}

export interface OperatorSessionsTable {
  token_hash: Buffer;
  operator_id: number;
  /**
   * Migration 0048: the merchant this session works on (the home merchant, or one granted). Not
   * `merchant_id`: a session is the operator's, not a merchant's row.
   */
  active_merchant_id: number;
  created_at: Generated<Date>;
  last_seen: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  merchant_id: number;
  operator_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface Database {
  // Issue 15 items 1 and 5 (migrations/0034_lottery.ts).
  lottery_games: LotteryGamesTable;
  lottery_draws: LotteryDrawsTable;
  lottery_purchases: LotteryPurchasesTable;
  lottery_tickets: LotteryTicketsTable;
  // Issue 15 item 4 (migrations/0036_cockfight.ts).
  cockfight_arenas: CockfightArenasTable;
  cockfight_fights: CockfightFightsTable;
  cockfight_bets: CockfightBetsTable;
  // Issue 15 item 3 (migrations/0037_sports.ts).
  sports_sports: SportsSportsTable;
  sports_competitions: SportsCompetitionsTable;
  sports_events: SportsEventsTable;
  sports_markets: SportsMarketsTable;
  sports_selections: SportsSelectionsTable;
  sports_slips: SportsSlipsTable;
  sports_slip_legs: SportsSlipLegsTable;
  // Issue 15 item 3 (migrations/0039_sports_live.ts).
  sports_feeds: SportsFeedsTable;
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  whitelabel_switches: WhitelabelSwitchesTable;
  registration_rules: RegistrationRulesTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  help_articles: HelpArticlesTable;
  customer_service: CustomerServiceTable;
  resources: ResourcesTable;
  maintenance_windows: MaintenanceWindowsTable;
  region_rules: RegionRulesTable;
  captchas: CaptchasTable;
  throttles: ThrottlesTable;
  lockouts: LockoutsTable;
  feedback: FeedbackTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_merchants: OperatorMerchantsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_login_challenges: OperatorLoginChallengesTable;
  audit_log: AuditLogTable;
  members: MembersTable;
  member_tree: MemberTreeTable;
  member_sessions: MemberSessionsTable;
  outbound_messages: OutboundMessagesTable;
  verification_codes: VerificationCodesTable;
  login_challenges: LoginChallengesTable;
  member_remember_tokens: MemberRememberTokensTable;
  member_login_tickets: MemberLoginTicketsTable;
  member_protections: MemberProtectionsTable;
  member_notes: MemberNotesTable;
  content_images: ContentImagesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  member_inbox: MemberInboxTable;
  inbox_broadcasts: InboxBroadcastsTable;
  inbox_broadcast_states: InboxBroadcastStatesTable;
  vendors: VendorsTable;
  game_sessions: GameSessionsTable;
  seamless_transactions: SeamlessTransactionsTable;
  game_vendors: GameVendorsTable;
  games: GamesTable;
  favourite_games: FavouriteGamesTable;
  recent_games: RecentGamesTable;
  catalogue_changes: CatalogueChangesTable;
  game_lanes: GameLanesTable;
  jackpot_pools: JackpotPoolsTable;
  game_wallet_transfers: GameWalletTransfersTable;
  fair_seed_pairs: FairSeedPairsTable;
  inhouse_rounds: InhouseRoundsTable;
  crash_chains: CrashChainsTable;
  crash_rounds: CrashRoundsTable;
  cashier_settings: CashierSettingsTable;
  payment_channels: PaymentChannelsTable;
  deposits: DepositsTable;
  deposit_limits: DepositLimitsTable;
  payee_accounts: PayeeAccountsTable;
  withdrawals: WithdrawalsTable;
  uploads: UploadsTable;
  turnover_requirements: TurnoverRequirementsTable;
  adjustments: AdjustmentsTable;
  member_daily_stats: MemberDailyStatsTable;
  member_hourly_stats: MemberHourlyStatsTable;
  member_active_days: MemberActiveDaysTable;
  settled_bets: SettledBetsView;
  agent_contracts: AgentContractsTable;
  agent_contract_history: AgentContractHistoryTable;
  agent_contract_payouts: AgentContractPayoutsTable;
  member_referral_codes: MemberReferralCodesTable;
  referral_settings: ReferralSettingsTable;
  referral_rewards: ReferralRewardsTable;
  rebate_settings: RebateSettingsTable;
  rebate_rates: RebateRatesTable;
  rebate_vip_rates: RebateVipRatesTable;
  rebates: RebatesTable;
  missions: MissionsTable;
  mission_milestones: MissionMilestonesTable;
  mission_progress: MissionProgressTable;
  mission_rewards: MissionRewardsTable;
  vip_ranks: VipRanksTable;
  vip_rank_history: VipRankHistoryTable;
  vip_bonuses: VipBonusesTable;
  vip_review_state: VipReviewStateTable;
  content_articles: ContentArticlesTable;
  live_hosts: LiveHostsTable;
  live_chat_tickets: LiveChatTicketsTable;
  live_chat_messages: LiveChatMessagesTable;
  point_settings: PointSettingsTable;
  point_rates: PointRatesTable;
  point_accounts: PointAccountsTable;
  point_entries: PointEntriesTable;
  point_earned_sources: PointEarnedSourcesTable;
  point_carry: PointCarryTable;
  point_goods: PointGoodsTable;
  point_redemptions: PointRedemptionsTable;
  promotions: PromotionsTable;
  promotion_participations: PromotionParticipationsTable;
}

/** Issue 13 referral (migrations/0021_agent_downlines.ts): a member's own referral code. */
export interface MemberReferralCodesTable {
  member_id: number;
  merchant_id: number;
  code: string;
  created_at: Generated<Date>;
}

/** Migration 0023 (§2 Refer and Earn): a merchant's referral reward settings; no row: off. */
export interface ReferralSettingsTable {
  merchant_id: number;
  enabled: Generated<boolean>;
  commission_bp: Generated<number>;
  daily_cap: bigint | null;
  first_deposit_bonus: Generated<bigint>;
  first_deposit_min: Generated<bigint>;
  /** `YYYY-MM-DD`: select as `starts_on::text` (the pool reads a date as a local-midnight Date). */
  starts_on: ColumnType<string | null, string | null | undefined, string | null>;
  paid_through: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}

/** Migration 0023: one paid referral reward (a day's commission or the first-deposit bonus). */
export interface ReferralRewardsTable {
  id: Generated<bigint>;
  merchant_id: number;
  inviter_id: number;
  invitee_id: number;
  reason: 'commission' | 'first_deposit';
  day: ColumnType<string, string, string>;
  basis: bigint;
  rate_bp: Generated<number>;
  amount: bigint;
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
}

/** Migration 0026 (issue 14 item 5): a merchant's rebate programme; no row: off. */
export interface RebateSettingsTable {
  merchant_id: number;
  enabled: Generated<boolean>;
  /** `YYYY-MM-DD`: select as `starts_on::text`. */
  starts_on: ColumnType<string | null, string | null | undefined, string | null>;
  paid_through: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}

/** Migration 0026: the rebate rate of one §3 product type. */
export interface RebateRatesTable {
  merchant_id: number;
  product_type: string;
  rate_bp: number;
  daily_cap: bigint | null;
  mode: 'auto' | 'manual';
}

/** Migration 0033: a product type's rebate rate for one VIP level (instead of the product type's). */
export interface RebateVipRatesTable {
  merchant_id: number;
  product_type: string;
  level: number;
  rate_bp: number;
}

/** Migration 0026: one paid rebate (member, day, product type). */
export interface RebatesTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  day: ColumnType<string, string, string>;
  product_type: string;
  mode: 'auto' | 'manual';
  basis: bigint;
  rate_bp: number;
  amount: bigint;
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
}

/** Migration 0027 (issue 14 item 4): a merchant's VIP rank. */
export interface VipRanksTable {
  merchant_id: number;
  level: number;
  name_bn: string;
  name_en: string;
  monthly_turnover: bigint;
  promotion_bonus: Generated<bigint>;
  monthly_bonus: Generated<bigint>;
  updated_at: Generated<Date>;
}

/** Migration 0027: append-only; a member's latest row is its rank (level 0: none). */
export interface VipRankHistoryTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  level: number;
  from_at: Generated<Date>;
  reason: 'promotion' | 'review';
  month: ColumnType<string, string, string>;
  turnover: bigint;
}

/** Migration 0027: one paid VIP bonus. */
export interface VipBonusesTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  kind: 'promotion' | 'monthly';
  level: number;
  month: ColumnType<string, string, string>;
  amount: bigint;
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
}

/** Migration 0027: the last month whose 1st-of-month review has run. */
export interface VipReviewStateTable {
  merchant_id: number;
  reviewed_month: ColumnType<string, string, string>;
}

/** Migration 0028 (issue 14 items 1–2): an operator-defined promotion. */
export interface PromotionsTable {
  id: Generated<number>;
  merchant_id: number;
  category: string;
  title: ColumnType<{ bn: string; en: string }, string, string>;
  body: ColumnType<{ bn: string; en: string }, string, string>;
  image_url: string | null;
  enabled: Generated<boolean>;
  starts_at: Date;
  ends_at: Date | null;
  trigger: 'sign_up' | 'deposit' | 'join' | 'check_in' | 'bet_volume';
  reward_kind: 'fixed' | 'percent' | 'points' | 'raffle_tickets';
  reward_amount: bigint | null;
  reward_rate_bp: number | null;
  reward_cap: bigint | null;
  /** Migration 0035: the points or raffle tickets of a points or raffle_tickets reward, and the raffle. */
  reward_units: bigint | null;
  reward_raffle_id: bigint | null;
  min_basis: bigint | null;
  turnover_multiple: Generated<number>;
  requires_approval: Generated<boolean>;
  period: 'once' | 'daily' | 'weekly';
  new_member_days: number | null;
  min_deposit_count: number | null;
  max_deposit_count: number | null;
  min_vip_level: number | null;
  one_per_device: Generated<boolean>;
  one_per_payment_account: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 0028: one member's participation in one promotion period (§4 activity status). */
export interface PromotionParticipationsTable {
  id: Generated<bigint>;
  merchant_id: number;
  promotion_id: number;
  member_id: number;
  period_key: string;
  /** `YYYY-MM-DD`: select as `::text`. */
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string | null, string | null | undefined, string | null>;
  status: string;
  basis: bigint | null;
  amount: bigint | null;
  /** Migration 0035: the points or tickets of a participation paid in them. */
  units: bigint | null;
  device_key: string | null;
  payment_accounts: Generated<string[]>;
  deposit_id: bigint | null;
  ledger_transaction_id: bigint | null;
  decided_by: number | null;
  reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** §6 account types: 0 member; 1, 2, 41, 42 agents; 4 trial. */
export type MemberType = 0 | 1 | 2 | 4 | 41 | 42;
export type MemberStatus = 'active' | 'frozen' | 'closed';

/** §3 profile fields without a column of their own. */
export interface MemberProfile {
  qqNum?: string;
  line?: string;
  whatsapp?: string;
  facebook?: string;
  wechat?: string;
  idNumber?: string;
  recommenderId?: string;
}

export interface MembersTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  password_hash: string;
  password_changed_at: Generated<Date>;
  password_must_change: Generated<boolean>;
  payment_password_hash: string | null;
  nickname: string | null;
  type: Generated<MemberType>;
  status: Generated<MemberStatus>;
  country_dialing_code: string | null;
  mobile: string | null;
  email: string | null;
  payee_name: string | null;
  profile: ColumnType<MemberProfile, string | undefined, string>;
  affiliate_code: string | null;
  upline_id: number | null;
  referral_code: string | null;
  register_domain: string | null;
  register_ip: string | null;
  last_login_at: Date | null;
  last_login_ip: string | null;
  previous_login_at: Date | null;
  previous_login_ip: string | null;
  created_at: Generated<Date>;
}

export interface MemberTreeTable {
  merchant_id: number;
  ancestor_id: number;
  descendant_id: number;
  depth: number;
}

export interface MemberSessionsTable {
  token_hash: Buffer;
  merchant_id: number;
  member_id: number;
  created_at: Generated<Date>;
  last_seen: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

/** Issue 4 remember-me, log-in tickets and player protection (migrations/0004_protection.ts). */
export interface MemberRememberTokensTable {
  token_hash: Buffer;
  merchant_id: number;
  member_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
  replaced_by: Buffer | null;
}

export interface MemberLoginTicketsTable {
  ticket_hash: Buffer;
  merchant_id: number;
  member_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
}

/** Issue 16 item 4 (migrations/0041_member_notes.ts): operators' notes on a member. */
export interface MemberNotesTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  operator_id: number | null;
  text: string;
  created_at: Generated<Date>;
}

/** Issue 16 item 7 (migrations/0043_content_images.ts): images for banners and articles. */
export interface ContentImagesTable {
  id: Generated<bigint>;
  merchant_id: number;
  operator_id: number | null;
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  sha256: Buffer;
  bytes: Buffer;
  created_at: Generated<Date>;
}

export type ProtectionKind = 'self_exclusion' | 'cooling_off';

export interface MemberProtectionsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  kind: ProtectionKind;
  term: string;
  starts_at: Generated<Date>;
  ends_at: Timestamp;
  ip: string | null;
}

/** Issue 5 ledger (migrations/0005_ledger.ts). Amounts are minor units (bigint). */
export type LedgerAccountKind =
  | 'member_main'
  | 'member_bonus'
  | 'member_game'
  | 'withdrawal_hold'
  | 'house'
  | 'merchant'
  | 'deposit_clearing'
  | 'payout_clearing'
  | 'vendor'
  | 'adjustment'
  | 'trial_credit'
  /** A red envelope's pool between its funding and its grabs (migration 0029). */
  | 'lucky_pool';

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: LedgerAccountKind;
  member_id: number | null;
  vendor_code: string | null;
  currency: string;
  tracks_balance: boolean;
  balance: Generated<bigint>;
  created_at: Generated<Date>;
}

export interface LedgerTransactionsTable {
  id: Generated<bigint>;
  merchant_id: number;
  idempotency_key: string;
  kind: string;
  fingerprint: Buffer;
  reference: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: Generated<Date>;
}

/** Issue 5 notifications (migrations/0008_wallet.ts). */
/** Issue 14 item 7 (migrations/0025_inbox.ts): one row per operator message, however many receive it. */
export interface InboxBroadcastsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_type: number | null;
  member_id: number | null;
  vip_level: number | null;
  title: ColumnType<{ bn: string; en: string }, string, never>;
  body: ColumnType<{ bn: string; en: string }, string, never>;
  operator_id: number | null;
  created_at: Generated<Date>;
}

export interface InboxBroadcastStatesTable {
  member_id: number;
  broadcast_id: bigint;
  read_at: Date | null;
  deleted_at: Date | null;
}

export interface MemberInboxTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  kind: string;
  title: ColumnType<{ bn: string; en: string }, string, never>;
  body: ColumnType<{ bn: string; en: string }, string, never>;
  reference: ColumnType<Record<string, unknown>, string | undefined, never>;
  read_at: Date | null;
  created_at: Generated<Date>;
}

export interface LedgerPostingsTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  account_id: bigint;
  amount: bigint;
  balance_after: bigint | null;
  created_at: Generated<Date>;
}

/** Issue 4 verification (migrations/0003_verification.ts). */
export type MessageChannel = 'sms' | 'email';
export type VerificationPurpose = 'sms-login' | 'register' | 'email-reset' | 'login-challenge';

export interface OutboundMessagesTable {
  id: Generated<bigint>;
  merchant_id: number;
  channel: MessageChannel;
  destination: string;
  subject: string | null;
  body: string;
  created_at: Generated<Date>;
}

export interface VerificationCodesTable {
  id: Generated<bigint>;
  merchant_id: number;
  purpose: VerificationPurpose;
  channel: MessageChannel;
  destination: string;
  code_hash: Buffer;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Date | null;
  created_at: Generated<Date>;
}

export interface LoginChallengesTable {
  token_hash: Buffer;
  merchant_id: number;
  member_id: number;
  ip: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Date | null;
  created_at: Generated<Date>;
}

/** Issue 5 cashier (migrations/0007_cashier.ts). */
export interface CashierSettingsTable {
  merchant_id: number;
  withdraw_min: Generated<bigint>;
  withdraw_max: Generated<bigint>;
  withdraw_daily_count: Generated<number>;
  max_payee_accounts: Generated<number>;
  receipt_confirm_minutes: Generated<number>;
  adjustment_threshold: Generated<bigint>;
}

export type PaymentMethod = 'bank' | 'bkash' | 'nagad' | 'rocket' | 'gateway';
export interface ChannelPayee {
  bankName?: string;
  branch?: string;
  accountName?: string;
  accountNumber?: string;
}

export interface PaymentChannelsTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  method: PaymentMethod;
  name: ColumnType<LocalizedText, string, string>;
  payee: ColumnType<ChannelPayee, string | undefined, string>;
  min_amount: bigint;
  max_amount: bigint;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  gateway: string | null;
  gateway_secret: string | null;
}

export type DepositStatus = 'pending' | 'approved' | 'rejected' | 'failed';
export interface DepositsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  channel_id: number;
  amount: bigint;
  currency: string;
  reference_number: string | null;
  request_id: string;
  status: Generated<DepositStatus>;
  gateway_order: string | null;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  created_at: Generated<Date>;
}

export type DepositLimitPeriod = 'day' | 'week' | 'month';
export interface DepositLimitsTable {
  merchant_id: number;
  member_id: number;
  period: DepositLimitPeriod;
  amount: bigint;
  pending_amount: bigint | null;
  pending_effective_at: Date | null;
  updated_at: Generated<Date>;
}

export type PayeeMethod = Exclude<PaymentMethod, 'gateway'>;
export interface PayeeAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  method: PayeeMethod;
  bank_name: string | null;
  branch: string | null;
  account_number: string;
  payee_name: string;
  created_at: Generated<Date>;
  removed_at: Date | null;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'paid' | 'rejected' | 'failed';
export type WithdrawalReceipt = 'received' | 'not_received' | 'full_payment' | 'auto_received';
export interface WithdrawalsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  payee_account_id: number;
  amount: bigint;
  currency: string;
  request_id: string;
  status: Generated<WithdrawalStatus>;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  paid_at: Date | null;
  confirm_deadline: Date | null;
  receipt: WithdrawalReceipt | null;
  receipt_at: Date | null;
  created_at: Generated<Date>;
}

export interface UploadsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  sha256: Buffer;
  bytes: Buffer;
  deposit_id: bigint | null;
  withdrawal_id: bigint | null;
  created_at: Generated<Date>;
}

export interface TurnoverRequirementsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  source: string;
  amount: bigint;
  remaining: bigint;
  created_at: Generated<Date>;
}

export interface AdjustmentsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  amount: bigint;
  currency: string;
  reason: string;
  request_id: string;
  status: 'pending' | 'applied';
  requested_by: number;
  confirmed_by: number | null;
  created_at: Generated<Date>;
  applied_at: Date | null;
}

/** Issue 5 seamless wallet (migrations/0006_seamless.ts). */
export interface VendorsTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  /** The HMAC key itself: the server computes every request's signature with it. */
  secret: string;
  currency: string;
  status: Generated<'active' | 'disabled'>;
  created_at: Generated<Date>;
  /** Migration 0013: where a transfer-mode vendor takes our calls (null: seamless only). */
  api_url: Generated<string | null>;
}

export interface GameSessionsTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_id: number;
  member_id: number;
  token_hash: Buffer;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  /** The game the launch opened (null only for the /dev/game-session shortcut). */
  game_id: number | null;
}

export type GameCategory = 'LIVE' | 'RNG' | 'FISH' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'COCKFIGHT' | 'LOTT' | 'ELOTT';
export type CatalogueStatus = 'on' | 'maintenance' | 'off';
export type WalletMode = 'seamless' | 'transfer' | 'inhouse';

/** Migration 0011: the catalogue's vendors (vassalage) per merchant. */
export interface GameVendorsTable {
  id: Generated<number>;
  merchant_id: number;
  vassalage: string;
  display_name: Localized;
  logo_url: string | null;
  category: GameCategory;
  wallet_mode: WalletMode;
  /** The API partner (`vendors`); null for in-house games. */
  integration_id: number | null;
  launch_url_template: Generated<string>;
  currencies: Generated<string[]>;
  status: Generated<CatalogueStatus>;
  sort_order: Generated<number>;
  supports_trial: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface GamesTable {
  /** Also the game's nodeId (§3: favourites and recents name it). */
  id: Generated<number>;
  merchant_id: number;
  vendor_id: number;
  game_code: string;
  vendor_game_id: string;
  is_game: Generated<'GAME' | 'VASSALAGE'>;
  game_type: string;
  name: Localized;
  icon_url: string | null;
  large_icon_url: string | null;
  game_classify: string | null;
  hot: Generated<boolean>;
  hot_rank: number | null;
  is_new: Generated<boolean>;
  status: Generated<CatalogueStatus>;
  min_bet: Generated<bigint>;
  max_bet: Generated<bigint>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FavouriteGamesTable {
  member_id: number;
  game_id: number;
  created_at: Generated<Date>;
}

export interface RecentGamesTable {
  member_id: number;
  game_id: number;
  last_launched_at: Generated<Date>;
  launches: Generated<number>;
}

export interface CatalogueChangesTable {
  merchant_id: number;
  version: Generated<bigint>;
  changed_at: Generated<Date>;
}

export type LaneTitle = GameCategory | 'INHOUSE';

/** Migration 0012: the lobby's lane order per merchant (titles without a row keep their default place). */
export interface GameLanesTable {
  merchant_id: number;
  title: LaneTitle;
  sort_order: number;
}

/** Migration 0012: the display-only jackpot of a merchant (modules/games/catalogue/jackpot.ts). */
export interface JackpotPoolsTable {
  merchant_id: number;
  seed_amount: bigint;
  share_basis_points: number;
  stakes: Generated<bigint>;
  counted_through_id: Generated<bigint>;
  pending_through_id: Generated<bigint>;
  pending_since: Generated<Date>;
  updated_at: Generated<Date>;
}

export type SeamlessKind = 'bet' | 'win' | 'rollback' | 'tombstone';

export interface SeamlessTransactionsTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_id: number;
  vendor_tx_id: string;
  kind: SeamlessKind;
  member_id: number;
  round_id: string;
  amount: bigint;
  reference_tx_id: string | null;
  fingerprint: Buffer;
  response: ColumnType<Record<string, unknown>, string, never>;
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
  /** Migration 0012: the game session a win or rollback came through (null for bets and tombstones). */
  game_session_id: ColumnType<bigint | null, bigint | null | undefined, never>;
}

/** Migration 0013: a move between a member's main wallet and a transfer vendor's wallet (modules/games/transfer-wallet). */
export interface GameWalletTransfersTable {
  id: Generated<bigint>;
  reference: string;
  merchant_id: number;
  member_id: number;
  integration_id: number;
  direction: 'deposit' | 'withdraw';
  amount: bigint;
  state: Generated<'pending' | 'done' | 'failed'>;
  origin: 'member' | 'launch' | 'logout' | 'switch';
  request_id: string | null;
  attempts: Generated<number>;
  game_balance_after: bigint | null;
  last_error: string | null;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

/** Migration 0014: a member's provably fair seed pair (modules/games/inhouse/seed-pairs.ts). */
export interface FairSeedPairsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export type InhouseGame = 'dice' | 'mines' | 'slot' | 'andar-bahar' | 'crash';
export type InhouseRoundState = 'open' | 'settled' | 'refunded';

/** Migration 0014: a round of an in-house game (modules/games/inhouse). */
export interface InhouseRoundsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  game_id: number;
  game_session_id: bigint;
  game: InhouseGame;
  request_id: string | null;
  seed_pair_id: bigint | null;
  nonce: number | null;
  currency: string;
  stake: bigint;
  payout: bigint | null;
  state: Generated<InhouseRoundState>;
  bet: ColumnType<Record<string, unknown>, string, string>;
  outcome: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  progress: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  balance_before: bigint;
  balance_after: bigint;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  settled_at: Date | null;
  /** Migration 0016: the crash round of a crash bet. */
  crash_round_id: Generated<bigint | null>;
}

/** Migration 0016: a crash hash chain (modules/games/inhouse/crash). */
export interface CrashChainsTable {
  id: Generated<bigint>;
  merchant_id: number;
  seed_sealed: string;
  head_hash: string;
  salt: string;
  length: number;
  created_at: Generated<Date>;
}

export type CrashRoundState = 'betting' | 'running' | 'crashed';

/** Migration 0016: a shared crash round. */
export interface CrashRoundsTable {
  id: Generated<bigint>;
  merchant_id: number;
  chain_id: bigint;
  position: number;
  previous_hash: string;
  state: Generated<CrashRoundState>;
  betting_ends_at: Date;
  started_at: Date | null;
  crashed_at: Date | null;
  /** Hundredths (100 = ×1.00). */
  crash_point: number | null;
  hash: string | null;
  created_at: Generated<Date>;
}

/** Issue 13 (migrations/0020_agent_contracts.ts): agent contracts, their history and payouts. */
export type AgentContractKind = 'dividend' | 'daily_salary' | 'hourly_salary' | 'realtime_salary';
export type AgentContractState =
  'offered' | 'active' | 'rejected' | 'termination_requested' | 'terminated' | 'superseded';

export interface AgentContractsTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: AgentContractKind;
  /** null: the house (the merchant) offers it. */
  offerer_id: number | null;
  member_id: number;
  terms: ColumnType<Record<string, unknown>, string, string>;
  state: Generated<AgentContractState>;
  termination_requested_by: number | null;
  offered_at: Generated<Date>;
  activated_at: Date | null;
  ended_at: Date | null;
  settled_through: Date | null;
  updated_at: Generated<Date>;
}

export interface AgentContractHistoryTable {
  id: Generated<bigint>;
  merchant_id: number;
  contract_id: bigint;
  action: string;
  actor: 'member' | 'operator' | 'system';
  actor_member_id: number | null;
  actor_operator_id: number | null;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  note: string | null;
  created_at: Generated<Date>;
}

export interface AgentContractPayoutsTable {
  id: Generated<bigint>;
  merchant_id: number;
  contract_id: bigint;
  kind: AgentContractKind;
  member_id: number;
  payer_member_id: number | null;
  period_start: Date;
  period_end: Date;
  active_members: Generated<number>;
  valid_bet: ColumnType<bigint, bigint | undefined, bigint>;
  profit_loss: ColumnType<bigint, bigint | undefined, bigint>;
  basis: ColumnType<bigint, bigint | undefined, bigint>;
  rate_bp: Generated<number>;
  amount: ColumnType<bigint, bigint | undefined, bigint>;
  status: 'held' | 'paid' | 'skipped';
  held_reason: 'operator' | 'insufficient_funds' | null;
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 0019: a member's figures per merchant-local day and product type ('CASH': deposits, withdrawals). */
export interface MemberDailyStatsTable {
  merchant_id: number;
  member_id: number;
  /** `YYYY-MM-DD` (date columns are read as text). */
  day: ColumnType<string, string, string>;
  product_type: string;
  bet_count: Generated<number>;
  valid_bet: Generated<bigint>;
  payout: Generated<bigint>;
  profit_loss: Generated<bigint>;
  deposits: Generated<bigint>;
  deposit_count: Generated<number>;
  withdrawals: Generated<bigint>;
  withdrawal_count: Generated<number>;
  first_bet_at: Date | null;
  last_bet_at: Date | null;
}

/** Migration 0019: a member's bet figures per UTC hour and product type. */
export interface MemberHourlyStatsTable {
  merchant_id: number;
  member_id: number;
  hour: Timestamp;
  product_type: string;
  bet_count: Generated<number>;
  valid_bet: Generated<bigint>;
  payout: Generated<bigint>;
  profit_loss: Generated<bigint>;
}

/** Migration 0019: the days a member placed a valid bet (merchant-local). */
export interface MemberActiveDaysTable {
  merchant_id: number;
  member_id: number;
  day: ColumnType<string, string, string>;
}

/** Migration 0019 (a view): every settled bet of every source. */
export interface SettledBetsView {
  merchant_id: number;
  member_id: number;
  product_type: string;
  bet_ref: string;
  stake: bigint;
  payout: bigint;
  settled_at: Date;
}

/** Migration 0030 (issue 14 item 3): a merchant's points programme; no row: earning off. */
export interface PointSettingsTable {
  merchant_id: number;
  enabled: Generated<boolean>;
  earned_through: Date | null;
  cash_to_points: Generated<boolean>;
  points_to_cash: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** Migration 0030: `points` points per `amount` minor units of one point type. */
export interface PointRatesTable {
  merchant_id: number;
  point_type: string;
  amount: bigint;
  points: bigint;
}

/** Migration 0030: a member's points balance (never below zero). */
export interface PointAccountsTable {
  member_id: number;
  merchant_id: number;
  balance: Generated<bigint>;
  updated_at: Generated<Date>;
}

/** Migration 0030: one immutable change of a member's points. */
export interface PointEntriesTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  idempotency_key: string;
  kind: 'earn' | 'redeem' | 'redeem_refund' | 'convert_in' | 'convert_out' | 'adjust' | 'promotion';
  amount: bigint;
  balance_after: bigint;
  remark: Generated<string>;
  reference: ColumnType<unknown, string | undefined, never>;
  created_at: Generated<Date>;
}

/** Migration 0030: a bet or deposit counted towards points, once. */
export interface PointEarnedSourcesTable {
  merchant_id: number;
  source: string;
  member_id: number;
  point_type: string;
  basis: bigint;
  created_at: Generated<Date>;
}

/** Migration 0030: valid bet or deposit below one point, kept for the next pass. */
export interface PointCarryTable {
  member_id: number;
  point_type: string;
  basis: bigint;
}

/** Migration 0030: goods of the points mall. */
export interface PointGoodsTable {
  id: Generated<number>;
  merchant_id: number;
  name: Localized;
  image_url: Generated<string>;
  quantity: number;
  stock: number;
  points_required: bigint;
  amount_required: Generated<bigint>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 0030: a redemption of goods (pending, approved or rejected by an operator). */
export interface PointRedemptionsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  goods_id: number;
  reference_number: string;
  request_id: string;
  goods_name: Localized;
  quantity: number;
  points: bigint;
  address: string;
  mobile: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  created_at: Generated<Date>;
}

/** Migration 0032 (issue 14 item 8): a blog post or news item in bn and en. */
export interface ContentArticlesTable {
  id: Generated<number>;
  merchant_id: number;
  category: 'blog' | 'news';
  slug: string;
  title: Localized;
  summary: Localized;
  content: Localized;
  cover_url: string;
  status: Generated<'draft' | 'published'>;
  published_at: Date | null;
}

/** Migration 0032: a live host of the live page (CBS_modelList). */
export interface LiveHostsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  avatar_url: string;
  online: Generated<boolean>;
  viewers: Generated<number>;
  tags: ColumnType<string[], string | undefined, string>;
  sequence: Generated<number>;
  active: Generated<boolean>;
}

/** Migration 0032: a chat URL's short-lived ticket (its SHA-256), for one member and host. */
export interface LiveChatTicketsTable {
  ticket_hash: Buffer;
  merchant_id: number;
  member_id: number;
  host_id: number;
  expires_at: Date;
}

/** Migration 0032: a message of the development sandbox chat. */
export interface LiveChatMessagesTable {
  id: Generated<bigint>;
  merchant_id: number;
  host_id: number;
  member_id: number;
  body: string;
  created_at: Generated<Date>;
}

/** Migration 0031 (issue 14 item 6): an operator's mission; its milestones all measure `goal_kind`. */
export interface MissionsTable {
  id: Generated<number>;
  merchant_id: number;
  title: Localized;
  description: Localized;
  starts_at: Date;
  ends_at: Date;
  status: Generated<'O' | 'C'>;
  goal_kind: 'validBet' | 'deposit' | 'rounds';
  product_types: string[] | null;
  game_id: number | null;
  /** The progress job's cursor: what settled or was credited before it has been counted. */
  counted_through: Date;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 0031: one step of a mission's ladder. */
export interface MissionMilestonesTable {
  id: Generated<number>;
  mission_id: number;
  sequence: number;
  target: bigint;
  reward_amount: bigint;
  turnover_multiple: number;
}

/** Migration 0031: a member's reached value in a mission and when it last rose. */
export interface MissionProgressTable {
  mission_id: number;
  member_id: number;
  value: bigint;
  reached_at: Date;
}

/** Migration 0031: a milestone a member reached (unique per member and milestone), paid when claimed. */
export interface MissionRewardsTable {
  id: Generated<bigint>;
  merchant_id: number;
  mission_id: number;
  milestone_id: number;
  member_id: number;
  reached_at: Date;
  amount: bigint;
  turnover: bigint;
  claimed_at: Date | null;
  ledger_transaction_id: bigint | null;
}

/** Issue 15 item 4 (migrations/0036_cockfight.ts): cockfight arenas, fights and bets. */
export type CockfightSide = 'MERON' | 'WALA' | 'DRAW';
export type CockfightFightState = 'scheduled' | 'open' | 'closed' | 'settled' | 'cancelled';
export type CockfightBetState = 'open' | 'won' | 'lost' | 'refunded';
export interface CockfightArenasTable {
  id: Generated<number>;
  merchant_id: number;
  name: JSONColumnType<{ en: string; bn: string }>;
  stream_url: string | null;
  status: Generated<'on' | 'off'>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface CockfightFightsTable {
  id: Generated<bigint>;
  merchant_id: number;
  arena_id: number;
  fight_no: number;
  scheduled_at: Date;
  state: Generated<CockfightFightState>;
  /** Hundredths (190 = 1.90). */
  odds_meron: number;
  odds_wala: number;
  odds_draw: number;
  odds_version: Generated<number>;
  min_stake: bigint;
  max_stake: bigint;
  result: CockfightSide | null;
  opened_at: Date | null;
  closed_at: Date | null;
  settled_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface CockfightBetsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  fight_id: bigint;
  side: CockfightSide;
  stake: bigint;
  odds: number;
  request_id: string;
  currency: string;
  game_session_id: bigint;
  state: Generated<CockfightBetState>;
  payout: bigint | null;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

/** Migration 0034: our own lottery (modules/lottery, ADR 0021). */
export type LotteryFormatName = 'digits5' | 'vn_south' | 'vn_north' | 'sea4d';
export type LotteryDrawState = 'open' | 'drawn' | 'settled' | 'void';
export type LotteryTicketState = 'pending' | 'won' | 'lost' | 'void';
export interface LotteryGamesTable {
  id: Generated<number>;
  merchant_id: number;
  game_id: number;
  code: string;
  format: LotteryFormatName;
  schedule_kind: 'interval' | 'daily';
  every_seconds: number | null;
  draw_time: string | null;
  time_zone: string;
  close_before_seconds: number;
  /** Basis points of ×1 by odds key. */
  odds: ColumnType<Record<string, number>, string, string>;
  prize_mode: 'LOTT' | 'ELOTT' | 'ZY' | 'SEA';
  group_code: string;
  min_bet: bigint;
  max_bet: bigint;
  status: Generated<'on' | 'off'>;
  drawn_through: ColumnType<Date, Date | undefined, Date>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}
export interface LotteryDrawsTable {
  id: Generated<bigint>;
  merchant_id: number;
  lottery_game_id: number;
  issue: string;
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
  state: Generated<LotteryDrawState>;
  result: ColumnType<{ tier: string; numbers: string[] }[] | null, string | null, string | null>;
  drawn_at: Date | null;
  late: Generated<boolean>;
  settled_at: Date | null;
  void_reason: string | null;
  voided_by: number | null;
  voided_at: Date | null;
  created_at: Generated<Date>;
}
export interface LotteryPurchasesTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  draw_id: bigint;
  request_id: string;
  fingerprint: string;
  currency: string;
  total_stake: bigint;
  odds: ColumnType<Record<string, number>, string, string>;
  game_session_id: bigint;
  state: Generated<'pending' | 'settled' | 'void'>;
  payout: bigint | null;
  created_at: Generated<Date>;
  settled_at: Date | null;
}
export interface LotteryTicketsTable {
  id: Generated<bigint>;
  purchase_id: bigint;
  merchant_id: number;
  member_id: number;
  draw_id: bigint;
  bet_type: string;
  selection: ColumnType<Record<string, unknown>, string, string>;
  stake: bigint;
  odds_bp: number;
  potential_win: bigint;
  state: Generated<LotteryTicketState>;
  payout: bigint | null;
  hits: ColumnType<string[], string | undefined, string>;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

/** Issue 15 item 3 (migrations/0037_sports.ts): the sportsbook. */
export type SportsEventStatus = 'scheduled' | 'live' | 'ended' | 'settled' | 'cancelled';
export type SportsMarketType = 'ONE_X_TWO' | 'HANDICAP' | 'OVER_UNDER' | 'BTTS' | 'MATCH_WINNER' | 'MAP_HANDICAP';
export type SportsMarketStatus = 'open' | 'suspended' | 'settled' | 'void';
export type SportsSelectionCode = 'HOME' | 'DRAW' | 'AWAY' | 'OVER' | 'UNDER' | 'YES' | 'NO';
export type SportsSlipStatus = 'open' | 'won' | 'lost' | 'void' | 'cashed_out';
export type SportsLegOutcome = 'open' | 'won' | 'half_won' | 'void' | 'half_lost' | 'lost';
type LocalName = JSONColumnType<{ en: string; bn: string }>;
export interface SportsSportsTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  kind: 'SPORTS' | 'ESPORTS';
  name: LocalName;
  sort_order: Generated<number>;
}
export interface SportsCompetitionsTable {
  id: Generated<number>;
  merchant_id: number;
  sport_id: number;
  code: string;
  name: LocalName;
  sort_order: Generated<number>;
}
export interface SportsEventsTable {
  id: Generated<bigint>;
  merchant_id: number;
  sport_id: number;
  competition_id: number;
  external_id: string | null;
  home: LocalName;
  away: LocalName;
  starts_at: Date;
  status: Generated<SportsEventStatus>;
  home_score: number | null;
  away_score: number | null;
  is_hot: Generated<boolean>;
  corrections: Generated<number>;
  settled_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface SportsMarketsTable {
  id: Generated<bigint>;
  event_id: bigint;
  type: SportsMarketType;
  /** Hundredths (-25 = -0.25); the home side's for a handicap. */
  line: number | null;
  status: Generated<SportsMarketStatus>;
  min_stake: bigint;
  max_stake: bigint;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface SportsSelectionsTable {
  id: Generated<bigint>;
  event_id: bigint;
  market_id: bigint;
  code: SportsSelectionCode;
  /** Hundredths (185 = 1.85). */
  odds: number;
  updated_at: Generated<Date>;
}
export interface SportsSlipsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  request_id: string;
  terms: string;
  currency: string;
  game_session_id: bigint;
  kind: 'single' | 'multiple';
  stake: bigint;
  odds: bigint;
  potential_return: bigint;
  status: Generated<SportsSlipStatus>;
  payout: bigint | null;
  paid: bigint | null;
  outstanding: Generated<bigint>;
  resettlements: Generated<number>;
  created_at: Generated<Date>;
  settled_at: Date | null;
  updated_at: Generated<Date>;
  /** Marked by a result, correction or cancel; cleared by the settlement pass (migrations/0042). */
  settle_due: Generated<boolean>;
}
export interface SportsSlipLegsTable {
  id: Generated<bigint>;
  slip_id: bigint;
  event_id: bigint;
  market_id: bigint;
  selection_id: bigint;
  code: SportsSelectionCode;
  line: number | null;
  odds: number;
  outcome: Generated<SportsLegOutcome>;
}

/** Issue 15 item 3 (migrations/0039_sports_live.ts): a feed a merchant's book follows, and its cursor. */
export interface SportsFeedsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  url: string;
  status: Generated<'on' | 'off'>;
  cursor: string | null;
  applied: Generated<bigint>;
  last_pulled_at: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
