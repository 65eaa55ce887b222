import type { ColumnType, Generated } from 'kysely';
import type { LocalizedText } from '@khela/contracts';

/** Migration 0049: a title in both languages, written as its JSON text (common.ts storedTitle). */
type LocalizedTitle = ColumnType<LocalizedText, string, string>;

/** Migration 0029 (issue 14 item 2): the lucky module's tables, added to the database's type here. */
export interface RedEnvelopesTable {
  id: Generated<bigint>;
  merchant_id: number;
  title: LocalizedTitle;
  starts_at: Date;
  ends_at: Date;
  pool: bigint;
  remaining: bigint;
  min_grab: bigint;
  max_grab: bigint;
  turnover_multiple: number;
  min_deposit: bigint | null;
  deposit_days: number | null;
  server_seed: string;
  server_seed_hash: string;
  grabs: Generated<number>;
  closed_at: Date | null;
  returned: bigint | null;
  created_by: number | null;
  created_at: Generated<Date>;
  /** Migration 0035. */
  revision: Generated<number>;
  cancelled_at: Date | null;
  cancelled_by: number | null;
}

export interface RedEnvelopeGrabsTable {
  id: Generated<bigint>;
  envelope_id: bigint;
  merchant_id: number;
  member_id: number;
  seq: number;
  remaining_before: bigint;
  amount: bigint;
  ledger_transaction_id: bigint;
  created_at: Generated<Date>;
}

export interface StoredPrizeTier {
  amount: string;
  count: number;
}

export interface RafflesTable {
  id: Generated<bigint>;
  merchant_id: number;
  title: LocalizedTitle;
  starts_at: Date;
  ends_at: Date;
  draw_at: Date;
  deposit_per_ticket: bigint | null;
  bet_per_ticket: bigint | null;
  prizes: ColumnType<StoredPrizeTier[], string, string>;
  turnover_multiple: number;
  server_seed: string;
  server_seed_hash: string;
  drawn_at: Date | null;
  tickets: bigint | null;
  created_by: number | null;
  created_at: Generated<Date>;
  /** Migration 0035. */
  cancelled_at: Date | null;
  cancelled_by: number | null;
}

/** Migration 0035: tickets given outside deposits and bets (a promotion's reward), once per source. */
export interface RaffleBonusTicketsTable {
  id: Generated<bigint>;
  raffle_id: bigint;
  merchant_id: number;
  member_id: number;
  source: string;
  tickets: bigint;
  voided_at: Date | null;
  created_at: Generated<Date>;
}

export interface RaffleEntriesTable {
  raffle_id: bigint;
  member_id: number;
  tickets: bigint;
  first_ticket: bigint;
}

export interface RafflePrizesTable {
  id: Generated<bigint>;
  raffle_id: bigint;
  merchant_id: number;
  tier: number;
  slot: number;
  member_id: number;
  ticket: bigint;
  amount: bigint;
  claimed_at: Date | null;
  ledger_transaction_id: bigint | null;
}

export interface SignUpRewardSettingsTable {
  merchant_id: number;
  enabled: Generated<boolean>;
  amount: bigint;
  cap: bigint;
  turnover_multiple: Generated<number>;
  one_per_device: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface SignUpRewardRequestsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  messenger: 'zalo' | 'whatsapp';
  messenger_id: string;
  device_id: string | null;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  amount: bigint | null;
  reason: string | null;
  decided_by: number | null;
  decided_at: Date | null;
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
}

declare module '../../db/schema.ts' {
  interface Database {
    red_envelopes: RedEnvelopesTable;
    red_envelope_grabs: RedEnvelopeGrabsTable;
    raffles: RafflesTable;
    raffle_entries: RaffleEntriesTable;
    raffle_bonus_tickets: RaffleBonusTicketsTable;
    raffle_prizes: RafflePrizesTable;
    signup_reward_settings: SignUpRewardSettingsTable;
    signup_reward_requests: SignUpRewardRequestsTable;
  }
}
