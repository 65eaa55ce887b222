import { INHOUSE_GAMES, type AdminInhouseGame, type InhouseGameName } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import { effectiveStatus } from '../catalogue/games-repository.ts';

/** 100 − an RTP of 4 decimals ("95.9975" → "4.0025"), exactly. */
export function houseEdgeOf(rtp: string): string {
  const [whole = '0', fraction = ''] = rtp.split('.');
  const edge = 1_000_000 - (Number(whole) * 10_000 + Number(fraction.padEnd(4, '0')));
  return `${Math.floor(edge / 10_000)}.${String(edge % 10_000).padStart(4, '0')}`;
}

/**
 * Our own games as the operator sets them up (issue 16 item 5). Their limits and status live on
 * their catalogue rows, which every bet reads (rounds.ts readListing), so a change through
 * PATCH /admin/games/:id applies to the next bet. The RTP is the engine's, fixed so that every
 * round stays verifiable (§ provably fair).
 */
export async function listInhouseGamesForOperator(
  db: Db,
  merchantId: number,
  rtpOf: Record<InhouseGameName, string>,
): Promise<AdminInhouseGame[]> {
  const rows = await db
    .selectFrom('games as g')
    .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
    .select([
      'g.id',
      'g.vendor_game_id',
      'g.game_code',
      'g.name',
      'g.status',
      'g.min_bet',
      'g.max_bet',
      'g.updated_at',
      'v.status as vendor_status',
    ])
    .where('v.merchant_id', '=', merchantId)
    .where('v.wallet_mode', '=', 'inhouse')
    .where('g.vendor_game_id', 'in', [...INHOUSE_GAMES])
    .orderBy('g.sort_order')
    .orderBy('g.id')
    .execute();
  return rows.map((row) => {
    const game = row.vendor_game_id as InhouseGameName;
    const rtp = rtpOf[game];
    return {
      id: row.id,
      game,
      gameCode: row.game_code,
      name: row.name as AdminInhouseGame['name'],
      status: row.status,
      vendorStatus: row.vendor_status,
      effectiveStatus: effectiveStatus({ game: row, vendor: { status: row.vendor_status } }),
      minBet: toDecimalString(row.min_bet),
      maxBet: toDecimalString(row.max_bet),
      rtp,
      houseEdge: houseEdgeOf(rtp),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  });
}
