import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { assertMayWager } from '../protection/guards.ts';

/**
 * Launching a real-money game is a wager's first step, so the wager guard runs first: trial
 * accounts (§6) and self-excluded or cooling-off members (issue 4 item 10) are refused. The games
 * catalogue and vendor adapters arrive with the games issue; until then no game code exists.
 */
export function gameLauncher({ db }: { db: Db }) {
  return {
    async launch(member: MemberContext, _gameCode: string): Promise<{ url: string }> {
      await assertMayWager(db, member);
      throw new AppError('game.not_found');
    },
  };
}
