/**
 * §4 game launch as pure decisions: what a click on a game does for this user, and what the
 * launch call's answer or refusal means. The app composes them with the session (features do not
 * import each other) and the pages act on them.
 */

/** Who is launching (§4/§6 roles, as the auth feature derives them). */
export type LaunchRole = 'visitor' | 'member' | 'trial' | 'agent';

/** What a card, a vendor tile or a winners-board row knows about the game it launches. */
export interface LaunchTarget {
  gameCode: string;
  vassalage?: string;
  nodeId?: number | null;
  gameType?: string;
  /** §3: VASSALAGE entries open the vendor's game list instead of a game. */
  isGame?: string;
  status?: string;
  name?: string;
}

export type LaunchStep =
  | { kind: 'login' }
  | { kind: 'trial' }
  | { kind: 'route'; to: string }
  | { kind: 'popup'; vassalage: string; name: string }
  | { kind: 'maintenance' }
  | { kind: 'play'; to: string };

/** §4 lottery routing: these vendors and categories have pages of their own, opened with gameCode. */
export function lotteryPath(target: Pick<LaunchTarget, 'vassalage' | 'gameType'>): string | null {
  const vassalage = target.vassalage?.toUpperCase();
  if (vassalage === 'TCG_LOTTO_VN') return '/vnLottery';
  if (vassalage === 'TCG_SEA') return '/seaLottery';
  const type = target.gameType?.toUpperCase();
  return type === 'LOTT' || type === 'ELOTT' ? '/lottery' : null;
}

/** The game frame's address (§2 /seamless): what to launch, never the vendor's session token. */
export function playPath(target: LaunchTarget): string {
  const query = new URLSearchParams({ gameCode: target.gameCode });
  if (target.vassalage) query.set('vassalage', target.vassalage);
  if (target.nodeId) query.set('nodeId', String(target.nodeId));
  return `/seamless?${query.toString()}`;
}

/**
 * §4: a visitor gets the log-in modal and a trial account the §8 real-account notice; lottery
 * vendors route to their pages with gameCode; a VASSALAGE entry opens the popup game list; a game
 * under maintenance gives the §8 notice (with popular games) without a call; anything else plays.
 */
export function launchStep(role: LaunchRole, target: LaunchTarget): LaunchStep {
  if (role === 'visitor') return { kind: 'login' };
  if (role === 'trial') return { kind: 'trial' };
  const lottery = lotteryPath(target);
  if (lottery) return { kind: 'route', to: `${lottery}?${new URLSearchParams({ gameCode: target.gameCode })}` };
  if (target.isGame === 'VASSALAGE' && target.vassalage) {
    return { kind: 'popup', vassalage: target.vassalage, name: target.name ?? target.vassalage };
  }
  if (target.status === 'maintenance') return { kind: 'maintenance' };
  return { kind: 'play', to: playPath(target) };
}

/** What a refused launch call means for the page (§8): the code decides, the server's message is shown. */
export type LaunchRefusal = 'login' | 'trial' | 'maintenance' | 'message';

export function launchRefusal(code: string): LaunchRefusal {
  if (code === 'auth.not_logged_in') return 'login';
  if (code === 'auth.trial_account') return 'trial';
  if (code === 'game.maintenance') return 'maintenance';
  return 'message';
}
