import { randomInt } from 'node:crypto';
import { toDecimalString } from '@khela/money';
import type { GameSummary, Language, LaunchResult } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { assertMayPlay } from '../../protection/guards.ts';
import { issueGameSession } from '../../seamless/game-sessions.ts';
import type { GameWallets } from '../transfer-wallet/game-wallets.ts';
import { ledger as createLedger } from '../../ledger/ledger.ts';
import { COCKFIGHT_PAGE, COCKFIGHT_VASSALAGE } from '../../cockfight/book.ts';
import { ESPORTS_PAGE, ESPORTS_VASSALAGE, SPORTS_PAGE, SPORTS_VASSALAGE } from '../../sports/vendor.ts';
import { effectiveStatus, gamesRepository, toGameSummary, type CatalogueGame } from '../catalogue/games-repository.ts';

export interface LaunchRequest {
  gameCode: string;
  vassalage?: string | undefined;
  nodeId?: number | undefined;
  backUrl?: string | undefined;
}

/** §4: lottery vendors open our own lottery pages, with the game code. */
export function lotteryRoute(entry: CatalogueGame): string | null {
  const code = encodeURIComponent(entry.game.game_code);
  if (entry.vendor.vassalage === 'TCG_LOTTO_VN') return `/vnLottery?gameCode=${code}`;
  if (entry.vendor.vassalage === 'TCG_SEA') return `/seaLottery?gameCode=${code}`;
  if (entry.vendor.category === 'LOTT' || entry.vendor.category === 'ELOTT') return `/lottery?gameCode=${code}`;
  return null;
}

/** Our own cockfight book (issue 15 item 4) opens its page in the site. */
export function cockfightRoute(entry: CatalogueGame): string | null {
  return entry.vendor.vassalage === COCKFIGHT_VASSALAGE ? COCKFIGHT_PAGE : null;
}

/** Our own sportsbook (issue 15 item 3) opens its page in the site, on e-sports for the ESPORTS card. */
export function sportsRoute(entry: CatalogueGame): string | null {
  if (entry.vendor.vassalage === SPORTS_VASSALAGE) return SPORTS_PAGE;
  return entry.vendor.vassalage === ESPORTS_VASSALAGE ? ESPORTS_PAGE : null;
}

/** Our own games (issue 12) open their page in the site: /originals/<engine>. */
export function inhouseRoute(entry: CatalogueGame): string | null {
  return entry.vendor.wallet_mode === 'inhouse' ? `/originals/${encodeURIComponent(entry.game.vendor_game_id)}` : null;
}

/**
 * A vendor's launch URL from its template (docs/api.md "Launch"): {cdn} is one of the merchant's
 * launchGameCDNs picked at random (§9), without its trailing slash; every other value is
 * URL-encoded.
 */
export function fillLaunchUrl(template: string, values: Record<string, string>, cdns: readonly string[]): string {
  const cdn = cdns.length ? cdns[randomInt(cdns.length)]!.replace(/\/+$/, '') : '';
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (name === 'cdn') return cdn;
    const value = values[name];
    return value === undefined ? placeholder : encodeURIComponent(value);
  });
}

/** Up to this many popular games are suggested when a game is under maintenance (§8). */
export const MAINTENANCE_SUGGESTIONS = 6;

/**
 * Launches (§4 routing, §6, §8; ARCHITECTURE §5). The wager guard runs first; then the game must
 * exist for the merchant and be on; lottery vendors route to our pages; anything else opens a game
 * session for the vendor's integration, records the recent game and answers the vendor's URL.
 * A refusal writes nothing.
 */
export function gameLauncher({ db, gameWallets }: { db: Db; gameWallets: GameWallets }) {
  const games = gamesRepository(db);
  const ledger = createLedger({ db });

  async function merchantLaunchSettings(merchantId: number) {
    return db
      .selectFrom('merchants')
      .select(['launch_game_cdns', 'main_domain', 'currency'])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
  }

  /** Hot games of other vendors that are on: what §8 "game maintenance" suggests instead. */
  async function popularInstead(
    merchant: MerchantContext,
    language: Language,
    vendorId: number,
  ): Promise<GameSummary[]> {
    const rows = await games
      .gamesWithVendors(merchant.id)
      .where('g.hot', '=', true)
      .where('g.status', '=', 'on')
      .where('v.status', '=', 'on')
      .where('g.is_game', '=', 'GAME')
      .where('g.vendor_id', '<>', vendorId)
      .orderBy('g.hot_rank')
      .limit(MAINTENANCE_SUGGESTIONS)
      .execute();
    return rows.map((row) => toGameSummary(games.split(row), language, merchant.defaultLanguage));
  }

  /** The game a launch names, on and playable, or the §8 refusal. */
  async function playable(merchant: MerchantContext, request: LaunchRequest, language: Language) {
    const entry = await games.find(merchant.id, request);
    if (!entry || effectiveStatus(entry) === 'off') {
      throw new AppError('game.not_found');
    }
    if (entry.game.is_game === 'VASSALAGE')
      throw new AppError('game.opens_list', { vassalage: entry.vendor.vassalage });
    if (effectiveStatus(entry) === 'maintenance') {
      throw new AppError('game.maintenance', {
        suggestions: await popularInstead(merchant, language, entry.vendor.id),
      });
    }
    return entry;
  }

  /** §4 recents come from real launches. */
  function recordRecent(executor: Db, memberId: number, gameId: number) {
    return executor
      .insertInto('recent_games')
      .values({ member_id: memberId, game_id: gameId })
      .onConflict((oc) =>
        oc.columns(['member_id', 'game_id']).doUpdateSet((eb) => ({
          last_launched_at: eb.fn('now'),
          launches: eb('recent_games.launches', '+', 1),
        })),
      )
      .execute();
  }

  /**
   * A transfer-wallet vendor's game (§6 auto-transfer, issue 11 item 5): the member's money at
   * other transfer vendors comes back, the whole main wallet goes to this one, and the vendor's
   * own launch call gives the URL. A transfer the vendor has not confirmed does not stop the game.
   */
  async function launchTransferGame(
    member: MemberContext,
    merchant: MerchantContext,
    entry: CatalogueGame,
    language: Language,
    backUrl: string,
  ) {
    const integration = await gameWallets.integrationById(entry.vendor.integration_id!);
    const mainBalance = () =>
      ledger.balanceOf(merchant.id, merchant.currency, { kind: 'member_main', memberId: member.id });
    const moved = await gameWallets.moveAllInto(member, integration, mainBalance);
    const url = await gameWallets.launchUrl(member.id, integration, {
      gameCode: entry.game.game_code,
      language,
      backUrl,
    });
    await recordRecent(db, member.id, entry.game.id);
    return {
      ...answer(entry, url, 'frame'),
      ...(moved?.state === 'done' && { transferred: toDecimalString(moved.amount) }),
    };
  }

  function answer(entry: CatalogueGame, url: string, target: LaunchResult['target']): LaunchResult {
    return { url, target, vassalage: entry.vendor.vassalage, gameCode: entry.game.game_code, nodeId: entry.game.id };
  }

  return {
    async launch(member: MemberContext, merchant: MerchantContext, request: LaunchRequest, language: Language) {
      await assertMayPlay(db, member);
      const entry = await playable(merchant, request, language);
      const route = lotteryRoute(entry) ?? cockfightRoute(entry) ?? sportsRoute(entry);
      if (route) return answer(entry, route, 'route');
      const ownPage = inhouseRoute(entry);
      if (ownPage) {
        // Its game session opens with the first round (modules/games/inhouse); the recent is this launch's.
        await recordRecent(db, member.id, entry.game.id);
        return answer(entry, ownPage, 'route');
      }
      if (entry.vendor.integration_id === null) throw new AppError('game.not_found');

      const settings = await merchantLaunchSettings(merchant.id);
      const backUrl = request.backUrl ?? `https://${settings.main_domain}/`;
      if (entry.vendor.wallet_mode === 'transfer')
        return launchTransferGame(member, merchant, entry, language, backUrl);
      const integrationId = entry.vendor.integration_id;
      const session = await db.transaction().execute(async (trx) => {
        const issued = await issueGameSession(
          trx,
          { id: member.id, merchantId: merchant.id },
          { id: integrationId, merchantId: merchant.id },
          { gameId: entry.game.id },
        );
        await recordRecent(trx, member.id, entry.game.id);
        return issued;
      });
      const url = fillLaunchUrl(
        entry.vendor.launch_url_template,
        {
          token: session.token,
          gameCode: entry.game.game_code,
          vendorGameId: entry.game.vendor_game_id,
          gameType: entry.vendor.category,
          language,
          mode: 'real',
          backUrl,
          currency: settings.currency,
        },
        settings.launch_game_cdns,
      );
      return answer(entry, url, 'frame');
    },

    /** GCS_gameTrialLaunch: the vendor's own play money, where it offers it; no session, no wallet, no recent. */
    async trial(merchant: MerchantContext, request: LaunchRequest, language: Language) {
      const entry = await playable(merchant, request, language);
      if (!entry.vendor.supports_trial || lotteryRoute(entry) || inhouseRoute(entry) || cockfightRoute(entry)) {
        throw new AppError('game.trial_unavailable');
      }
      const settings = await merchantLaunchSettings(merchant.id);
      const url = fillLaunchUrl(
        entry.vendor.launch_url_template,
        {
          token: '',
          gameCode: entry.game.game_code,
          vendorGameId: entry.game.vendor_game_id,
          gameType: entry.vendor.category,
          language,
          mode: 'fun',
          backUrl: request.backUrl ?? `https://${settings.main_domain}/`,
          currency: settings.currency,
        },
        settings.launch_game_cdns,
      );
      return answer(entry, url, 'frame');
    },
  };
}
