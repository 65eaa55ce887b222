import { toDecimalString } from '@khela/money';
import { ACCOUNT_TYPE_IDS, isTrialType, type Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { pickLocalized } from '../system/localized.ts';
import { agentContracts } from '../agents/contracts/contracts.ts';

const CURRENCY_SYMBOLS: Record<string, string> = { BDT: '৳', INR: '₹', USD: '$', EUR: '€' };
/** A trial user's consolidated answer (§4: trial users skip the call; one that calls gets nothing). */
const EMPTY_CONTRACTS = {
  dailysalreqtype: false,
  divtypereq: false,
  contracthoursalreq: false,
  realtimesalreqtype: false,
  contractmrdailysalinfotype: null,
  contracthoursalinfo: null,
  dailysalinfotype: null,
  divtypeinfo: null,
  offers: [],
};

export const currencySymbolOf = (currency: string): string => CURRENCY_SYMBOLS[currency] ?? currency;

/** Balances (issue 5 item 2): main, bonus and game wallets of the member, and their sum. */
export function walletBalances({ db }: { db: Db }) {
  async function balance(member: MemberContext, merchant: MerchantContext, language: Language) {
    // Every transfer-wallet vendor of the merchant has a game wallet, empty until money moves there.
    const [rows, transferVendors, catalogueNames] = await Promise.all([
      db
        .selectFrom('ledger_accounts')
        .select(['kind', 'vendor_code', 'balance'])
        .where('merchant_id', '=', merchant.id)
        .where('member_id', '=', member.id)
        .where('currency', '=', merchant.currency)
        .where('kind', 'in', ['member_main', 'member_bonus', 'member_game'])
        .orderBy('vendor_code')
        .execute(),
      db
        .selectFrom('vendors')
        .select(['code', 'name'])
        .where('merchant_id', '=', merchant.id)
        .where('currency', '=', merchant.currency)
        .where('status', '=', 'active')
        .where('api_url', 'is not', null)
        .execute(),
      // A wallet is named as the lobby names the first catalogue vendor that plays through it.
      db
        .selectFrom('game_vendors')
        .innerJoin('vendors', 'vendors.id', 'game_vendors.integration_id')
        .select(['vendors.code', 'vendors.name', 'game_vendors.display_name'])
        .where('game_vendors.merchant_id', '=', merchant.id)
        .where('game_vendors.wallet_mode', '=', 'transfer')
        .orderBy('game_vendors.sort_order')
        .orderBy('game_vendors.id')
        .execute(),
    ]);
    // Else the integration's own name; a wallet of a vendor gone since keeps its code.
    const nameOf = (code: string) => {
      const shown = catalogueNames.find((row) => row.code === code);
      const shownName = shown && pickLocalized(shown.display_name, language, merchant.defaultLanguage);
      return shownName || transferVendors.find((vendor) => vendor.code === code)?.name || code;
    };
    const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0n;
    const held = rows.filter((row) => row.kind === 'member_game');
    const games = [
      ...held,
      ...transferVendors
        .filter(({ code }) => !held.some((row) => row.vendor_code === code))
        .map(({ code }) => ({ kind: 'member_game', vendor_code: code, balance: 0n })),
    ].sort((a, b) => (a.vendor_code! < b.vendor_code! ? -1 : 1));
    const wallets = [
      { accountTypeId: ACCOUNT_TYPE_IDS.MAIN, minor: of('member_main') },
      { accountTypeId: ACCOUNT_TYPE_IDS.BONUS, minor: of('member_bonus') },
      ...games.map((row, index) => ({
        accountTypeId: ACCOUNT_TYPE_IDS.FIRST_GAME + index,
        minor: row.balance,
        vendorCode: row.vendor_code ?? '',
        vendorName: nameOf(row.vendor_code ?? ''),
      })),
    ];
    const sum = wallets.reduce((total, wallet) => total + wallet.minor, 0n);
    return {
      sumBalance: toDecimalString(sum),
      balance: wallets.map(({ minor, ...wallet }) => ({ ...wallet, availBalance: toDecimalString(minor) })),
      currency: merchant.currency,
      currencySymbol: currencySymbolOf(merchant.currency),
    };
  }

  return {
    balance,

    async merchantWallet(merchant: MerchantContext) {
      const row = await db
        .selectFrom('merchants')
        .select('wallet_single')
        .where('id', '=', merchant.id)
        .executeTakeFirstOrThrow();
      return { isSingle: row.wallet_single ? 1 : 0 };
    },

    /**
     * Consolidated funds: agent contracts and the balance. Contracts arrive with the contracts
     * issue, so no offer is pending and none is active. §4: trial users skip this call; when one
     * calls anyway it gets an empty value, not an error.
     */
    async consolidated(member: MemberContext, merchant: MerchantContext) {
      const sumBalance = isTrialType(member.type)
        ? '0.00'
        : (await balance(member, merchant, merchant.defaultLanguage)).sumBalance;
      // Issue 13: the member's pending offers and live contracts (modules/agents/contracts).
      const contracts = isTrialType(member.type) ? EMPTY_CONTRACTS : await agentContracts({ db }).consolidated(member);
      return {
        ...contracts,
        sumBalance,
        currency: merchant.currency,
        currencySymbol: currencySymbolOf(merchant.currency),
      };
    },
  };
}
