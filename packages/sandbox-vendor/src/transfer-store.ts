import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface StoredTransfer {
  reference: string;
  direction: 'deposit' | 'withdraw';
  player: string;
  /** Minor units, as text (JSON has no bigint). */
  amount: string;
  state: 'done' | 'denied';
  reason?: 'INSUFFICIENT_FUNDS' | 'DUPLICATE' | 'PLAYER_BLOCKED' | 'INVALID';
}

interface State {
  wallets: Record<string, string>;
  transfers: Record<string, StoredTransfer>;
}

/**
 * The transfer-mode twin's own wallets (what a transfer-wallet vendor keeps on its side): a
 * balance per player and every transfer reference it has seen, done or denied. Written through
 * to `file` (temp file and rename) after every change when given, so a restart keeps the money.
 */
export function transferStore(file?: string) {
  const state: State =
    file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as State) : { wallets: {}, transfers: {} };

  function save() {
    if (!file) return;
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  }

  const balance = (player: string) => BigInt(state.wallets[player] ?? '0');
  const setBalance = (player: string, minor: bigint) => {
    state.wallets[player] = minor.toString();
  };

  /**
   * Applies a transfer once: a repeat of a reference answers what the first got; the same
   * reference with other data is DUPLICATE (and changes nothing).
   */
  function transfer(direction: StoredTransfer['direction'], reference: string, player: string, amount: bigint) {
    const seen = state.transfers[reference];
    if (seen) {
      const same = seen.direction === direction && seen.player === player && seen.amount === amount.toString();
      return same ? seen : ({ ...seen, state: 'denied', reason: 'DUPLICATE' } as const);
    }
    const held = balance(player);
    const record: StoredTransfer = { reference, direction, player, amount: amount.toString(), state: 'done' };
    if (direction === 'withdraw' && held < amount)
      Object.assign(record, { state: 'denied', reason: 'INSUFFICIENT_FUNDS' });
    else setBalance(player, direction === 'deposit' ? held + amount : held - amount);
    state.transfers[reference] = record;
    save();
    return record;
  }

  return {
    balance,
    transfer,
    status: (reference: string): StoredTransfer | undefined => state.transfers[reference],
    /** A bet or win inside the vendor's own game: false when the stake does not fit. */
    play(player: string, stake: bigint, win: bigint): boolean {
      const held = balance(player);
      if (held < stake) return false;
      setBalance(player, held - stake + win);
      save();
      return true;
    },
    /** Every player's balance: what the fault test counts on the vendor's side. */
    wallets: () => Object.fromEntries(Object.entries(state.wallets).map(([player, minor]) => [player, BigInt(minor)])),
  };
}
export type TransferStore = ReturnType<typeof transferStore>;
