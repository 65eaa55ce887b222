import { CRASH_GROWTH_PER_MS, crashMultiplierAt, crashPayout } from '@khela/games';
import type { CrashBet, CrashEvent, CrashRound, CrashState, InhouseRound } from '@khela/contracts';
import { parseMinor } from '@khela/money';

/** How many crash points the recent strip keeps. */
export const RECENT_KEPT = 20;

/** ms to add to Date.now() to read the server's clock, from a `serverTime` it sent just now. */
export function clockOffset(serverTime: string, now: number = Date.now()): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - now;
}

/** A multiplier in hundredths as the screen writes it: 235 → "2.35". */
export function formatMultiplier(hundredths: number): string {
  return (Math.max(100, Math.floor(hundredths)) / 100).toFixed(2);
}

/** The multiplier (hundredths) a running round shows at `serverNow` (ms on the server's clock). */
export function liveMultiplier(round: CrashRound, serverNow: number): number {
  if (round.state === 'crashed' && round.crashPoint) return Math.round(Number(round.crashPoint) * 100);
  if (round.state !== 'running' || !round.startedAt) return 100;
  return crashMultiplierAt(serverNow - Date.parse(round.startedAt));
}

/** Whole seconds until betting closes (0 once it has), rounded up so "1" shows until the end. */
export function secondsToStart(round: CrashRound, serverNow: number): number {
  const left = Date.parse(round.bettingEndsAt) - serverNow;
  return Number.isNaN(left) || left <= 0 ? 0 : Math.ceil(left / 1000);
}

/** The colour band of a crash point in the recent strip: under ×2, under ×10, ×10 and more. */
export function crashTone(crashPoint: string): 'low' | 'mid' | 'high' {
  const value = Number(crashPoint);
  return value < 2 ? 'low' : value < 10 ? 'mid' : 'high';
}

/** An auto cash-out as typed: '' (none) or ×1.01 … ×10000 with at most two decimals (contracts' multiplierSchema). */
export function autoCashOutProblem(text: string): 'format' | null {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(value)) return 'format';
  const number = Number(value);
  return number >= 1.01 && number <= 10_000 ? null : 'format';
}

/** What an open bet of `stake` would pay if cashed out at `hundredths` now (decimal minor units). */
export function potentialPayout(stake: string, hundredths: number): bigint {
  return crashPayout(parseMinor(stake), hundredths);
}

/** The crash round a member's bet (an in-house round of game 'crash') was placed in. */
export function betRoundId(bet: InhouseRound): string {
  return String((bet.bet as { crashRoundId?: unknown }).crashRoundId ?? '');
}

/** The stake ordering the server uses for a round's bets: biggest first. */
function byStake(a: CrashBet, b: CrashBet): number {
  const diff = parseMinor(b.stake) - parseMinor(a.stake);
  return diff > 0n ? 1 : diff < 0n ? -1 : 0;
}

/**
 * The state as the stream moves it on: a round event replaces the round (a new round starts with
 * no bets, and a crashed one joins the recent strip); a bet event adds or updates a bet of the
 * round shown. The member's own bet is read again from the server by the page when it matters.
 */
export function applyCrashEvent(state: CrashState, event: CrashEvent): CrashState {
  if (event.type === 'bet') {
    if (!state.round || event.bet.roundId !== state.round.roundId) return state;
    const others = state.bets.filter((b) => b.betId !== event.bet.betId);
    return { ...state, serverTime: event.serverTime, bets: [...others, event.bet].sort(byStake) };
  }
  const round = event.round;
  const same = state.round?.roundId === round.roundId;
  let recent = state.recent;
  if (round.state === 'crashed' && !recent.some((r) => r.roundId === round.roundId)) {
    recent = [round, ...recent].slice(0, Math.max(RECENT_KEPT, state.recent.length));
  }
  const mine = same || (state.myBet !== null && betRoundId(state.myBet) === round.roundId);
  const myBet = mine ? state.myBet : null;
  return { ...state, serverTime: event.serverTime, round, recent, bets: same ? state.bets : [], myBet };
}

/** The verify page's address for a crashed round: its hash, the chain's salt and the hash before it. */
export function crashVerifyLink(round: Pick<CrashRound, 'hash' | 'previousHash'>, salt: string): string | null {
  if (!round.hash) return null;
  const query = new URLSearchParams({ game: 'crash', hash: round.hash, previousHash: round.previousHash });
  if (salt) query.set('salt', salt);
  return `/originals/verify?${query.toString()}`;
}

/**
 * The graph's curve up to `elapsedMs` as an SVG path in a `width` × `height` box (y down): time
 * across (at least 10 s wide), the multiplier up (at least ×2 tall), so the line grows into view.
 */
export function curvePath(elapsedMs: number, width: number, height: number, steps = 40): string {
  const span = Math.max(10_000, elapsedMs);
  const end = Math.max(0, elapsedMs);
  // The smooth curve (not rounded to hundredths like the number shown): no steps in the line.
  const at = (t: number) => 100 * Math.exp(CRASH_GROWTH_PER_MS * t);
  const top = Math.max(200, at(end)) - 100;
  const points: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = (end * i) / steps;
    const x = (t / span) * width;
    const y = height - ((at(t) - 100) / top) * height;
    points.push(`${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`);
  }
  return points.join(' ');
}
