import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { LaneTitle } from '../../../db/schema.ts';
import { pickLocalized } from '../../system/localized.ts';
import { toGameSummary } from './games-repository.ts';
import type { LobbyView } from './lobby.ts';

/** The winner board shows the largest wins of the last days (§3 Winner entry, §9: 20 entries). */
export const WINNER_BOARD_DAYS = 7;
/** The rank list counts rounds of the last 7 days. */
export const RANK_LIST_DAYS = 7;

/**
 * A member's name as the public boards show it: the first two and last two characters around four
 * stars ("player01" → "pl****01"); names under six characters keep only their first ("abc" →
 * "a****"), so a short name is never given away. Four stars whatever the length: the board does
 * not tell how long a name is.
 */
export function maskCustomerName(username: string): string {
  const characters = Array.from(username);
  if (characters.length < 6) return `${characters[0] ?? ''}****`;
  return `${characters.slice(0, 2).join('')}****${characters.slice(-2).join('')}`;
}

/** The listed vendors a board shows: all, or those of one lane (gameCategory). */
function vendorIdsOf(view: LobbyView, category: LaneTitle | 'ALL'): number[] {
  return view.snapshot.vendors.filter((entry) => category === 'ALL' || entry.lane === category).map((e) => e.vendor.id);
}

/**
 * Real wins (issue 11 item 2): seamless wins with an amount, through a game session that names a
 * listed game (game_sessions.game_id, set by launches), the largest first. Our own games' wins
 * (issue 12) are recorded the same way (modules/games/inhouse), so they are among them.
 */
export async function winnerBoard(db: Db, view: LobbyView, query: { category: LaneTitle | 'ALL'; limit: number }) {
  const vendorIds = vendorIdsOf(view, query.category);
  if (!vendorIds.length) return { list: [] };
  const { rows } = await sql<{ username: string; amount: bigint; created_at: Date; game_id: number }>`
    SELECT m.username, st.amount, st.created_at, gs.game_id
      FROM seamless_transactions st
      JOIN game_sessions gs ON gs.id = st.game_session_id
      JOIN games g ON g.id = gs.game_id
      JOIN members m ON m.id = st.member_id
     WHERE st.merchant_id = ${view.snapshot.merchantId}
       AND st.kind = 'win' AND st.game_session_id IS NOT NULL AND st.amount > 0
       AND st.created_at > now() - make_interval(days => ${WINNER_BOARD_DAYS})
       AND g.merchant_id = ${view.snapshot.merchantId} AND g.status <> 'off'
       AND g.vendor_id = ANY(${vendorIds}::integer[])
     ORDER BY st.amount DESC, st.id DESC
     LIMIT ${query.limit}`.execute(db);
  const list = rows.flatMap((row) => {
    const game = view.snapshot.byNodeId.get(row.game_id);
    if (!game) return [];
    return [
      {
        vo: {
          customerName: maskCustomerName(row.username),
          winAmount: toDecimalString(row.amount),
          wonAt: row.created_at.toISOString(),
          nodeId: game.game.id,
          gameCode: game.game.game_code,
          vassalage: game.vendor.vassalage,
          gameType: game.game.game_type,
          gameName: pickLocalized(game.game.name, view.language, view.fallback),
          iconUrl: game.game.icon_url,
        },
      },
    ];
  });
  return { list: list.map((entry, index) => ({ rank: index + 1, ...entry })) };
}

/** Listed games by the rounds played in the last 7 days (settled rounds: a win, even of zero, ends one). */
export async function rankList(db: Db, view: LobbyView, query: { category: LaneTitle | 'ALL'; limit: number }) {
  const vendorIds = vendorIdsOf(view, query.category);
  if (!vendorIds.length) return { list: [] };
  const { rows } = await sql<{ game_id: number; rounds: bigint }>`
    SELECT gs.game_id, count(DISTINCT st.round_id) AS rounds
      FROM seamless_transactions st
      JOIN game_sessions gs ON gs.id = st.game_session_id
      JOIN games g ON g.id = gs.game_id
     WHERE st.merchant_id = ${view.snapshot.merchantId}
       AND st.kind = 'win' AND st.game_session_id IS NOT NULL
       AND st.created_at > now() - make_interval(days => ${RANK_LIST_DAYS})
       AND g.merchant_id = ${view.snapshot.merchantId} AND g.status <> 'off'
       AND g.vendor_id = ANY(${vendorIds}::integer[])
     GROUP BY gs.game_id
     ORDER BY rounds DESC, gs.game_id
     LIMIT ${query.limit}`.execute(db);
  const list = rows.flatMap((row) => {
    const game = view.snapshot.byNodeId.get(row.game_id);
    return game ? [{ rounds: Number(row.rounds), game: toGameSummary(game, view.language, view.fallback) }] : [];
  });
  return { list: list.map((entry, index) => ({ rank: index + 1, ...entry })) };
}
