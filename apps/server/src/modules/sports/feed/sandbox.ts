import type { SportCode, SportsEventInput, SportsMarketInput, SportsSelectionCode } from '@khela/contracts';
import type { FeedChange, FeedEntry, FeedMarketRef } from './feed.ts';

/**
 * The development feed's book (issue 15 item 3): a rolling set of made-up fixtures whose odds drift
 * a little, which go live at their start time, score now and then, and end with a result. Pure:
 * `tick(now)` appends the changes due by `now` to the log; the process (sandbox-main.ts) serves the
 * log. Seeded, so a run is repeatable.
 */

interface Side {
  en: string;
  bn: string;
}
interface Template {
  sport: SportCode;
  competition: { code: string; name: Side };
  teams: Side[];
  markets: { type: SportsMarketInput['type']; line?: string; odds: Partial<Record<SportsSelectionCode, number>> }[];
  /** How long a match lasts here (a demo: minutes, not hours), and how often it scores. */
  durationMs: number;
  scoreChance: number;
}

const TEMPLATES: Template[] = [
  {
    sport: 'FOOTBALL',
    competition: { code: 'SANDBOX-BPL', name: { en: 'Sandbox Premier League', bn: 'স্যান্ডবক্স প্রিমিয়ার লীগ' } },
    teams: [
      { en: 'Dhaka Tigers', bn: 'ঢাকা টাইগার্স' },
      { en: 'Chattogram Kings', bn: 'চট্টগ্রাম কিংস' },
      { en: 'Sylhet Stars', bn: 'সিলেট স্টারস' },
      { en: 'Khulna Rivers', bn: 'খুলনা রিভার্স' },
    ],
    markets: [
      { type: 'ONE_X_TWO', odds: { HOME: 210, DRAW: 320, AWAY: 330 } },
      { type: 'HANDICAP', line: '-0.25', odds: { HOME: 195, AWAY: 190 } },
      { type: 'OVER_UNDER', line: '2.50', odds: { OVER: 185, UNDER: 200 } },
      { type: 'BTTS', odds: { YES: 175, NO: 205 } },
    ],
    durationMs: 10 * 60_000,
    scoreChance: 0.04,
  },
  {
    sport: 'CRICKET',
    competition: { code: 'SANDBOX-T20', name: { en: 'Sandbox T20 Cup', bn: 'স্যান্ডবক্স টি-টোয়েন্টি কাপ' } },
    teams: [
      { en: 'Rajshahi Royals', bn: 'রাজশাহী রয়্যালস' },
      { en: 'Barishal Bulls', bn: 'বরিশাল বুলস' },
    ],
    markets: [{ type: 'MATCH_WINNER', odds: { HOME: 180, AWAY: 200 } }],
    durationMs: 12 * 60_000,
    scoreChance: 0.5,
  },
  {
    sport: 'ESPORTS_CS2',
    competition: { code: 'SANDBOX-CS2', name: { en: 'Sandbox CS2 Masters', bn: 'স্যান্ডবক্স সিএস২ মাস্টার্স' } },
    teams: [
      { en: 'Bengal Snipers', bn: 'বেঙ্গল স্নাইপার্স' },
      { en: 'Delta Five', bn: 'ডেল্টা ফাইভ' },
    ],
    markets: [
      { type: 'MATCH_WINNER', odds: { HOME: 170, AWAY: 215 } },
      { type: 'MAP_HANDICAP', line: '-1.50', odds: { HOME: 260, AWAY: 150 } },
    ],
    durationMs: 8 * 60_000,
    scoreChance: 0.03,
  },
];

interface Fixture {
  ref: string;
  template: Template;
  startsAt: number;
  state: 'scheduled' | 'live' | 'done';
  score: { home: number; away: number };
  odds: Map<string, Partial<Record<SportsSelectionCode, number>>>;
}

const marketKey = (m: FeedMarketRef) => `${m.type}:${m.line ?? ''}`;
const decimal = (hundredths: number) => (hundredths / 100).toFixed(2);

/** mulberry32: a small seeded generator whose state can be kept. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return Object.assign(next, { state: () => a });
}

/** What the process keeps between restarts besides the log (sandbox-main.ts). */
export interface SandboxFeedState {
  rng: number;
  made: number;
  lastStart: number;
  fixtures: {
    ref: string;
    template: number;
    startsAt: number;
    state: Fixture['state'];
    score: Fixture['score'];
    odds: [string, Partial<Record<SportsSelectionCode, number>>][];
  }[];
}

export interface SandboxFeedOptions {
  seed?: number;
  /** The log and state of an earlier run (sandbox-main.ts keeps them in the data directory). */
  restore?: { log: FeedEntry[]; state: SandboxFeedState } | undefined;
  /** How many fixtures to keep scheduled or live at once. */
  fixtures?: number;
  /** The gap between consecutive start times. */
  spacingMs?: number;
}

export function sandboxFeedBook(options: SandboxFeedOptions = {}) {
  const restored = options.restore?.state;
  const random = seeded(restored?.rng ?? options.seed ?? 15);
  const wanted = options.fixtures ?? 6;
  const spacingMs = options.spacingMs ?? 3 * 60_000;
  const log: FeedEntry[] = [...(options.restore?.log ?? [])];
  const fixtures: Fixture[] = (restored?.fixtures ?? []).map((f) => ({
    ...f,
    template: TEMPLATES[f.template % TEMPLATES.length]!,
    odds: new Map(f.odds),
  }));
  let made = restored?.made ?? 0;
  let lastStart = restored?.lastStart ?? 0;

  const append = (change: FeedChange) => log.push({ cursor: String(log.length + 1), change });

  function newFixture(now: number) {
    const template = TEMPLATES[made % TEMPLATES.length]!;
    const pairs = template.teams.length;
    const home = template.teams[Math.floor(made / TEMPLATES.length) % pairs]!;
    const away = template.teams[(Math.floor(made / TEMPLATES.length) + 1) % pairs]!;
    // The first fixture is under way at once, so a fresh start has a live match to show.
    const startsAt = made === 0 ? now : Math.max(now + 60_000, lastStart + spacingMs);
    lastStart = startsAt;
    const fixture: Fixture = {
      ref: `SBX-${++made}`,
      template,
      startsAt,
      state: 'scheduled',
      score: { home: 0, away: 0 },
      odds: new Map(template.markets.map((m) => [marketKey(m), { ...m.odds }])),
    };
    fixtures.push(fixture);
    const event: SportsEventInput = {
      sport: template.sport,
      competition: template.competition,
      home,
      away,
      startsAt: new Date(startsAt).toISOString(),
      isHot: made % 2 === 1,
      markets: template.markets.map((m) => ({
        type: m.type,
        ...(m.line !== undefined && { line: m.line }),
        minStake: '10.00',
        maxStake: '50000.00',
        odds: Object.fromEntries(Object.entries(m.odds).map(([code, odds]) => [code, decimal(odds)])),
      })),
    };
    append({ type: 'event', ref: fixture.ref, event });
  }

  /** Moves one market's odds by a few hundredths, keeping each above 1.05. */
  function drift(fixture: Fixture) {
    const market = fixture.template.markets[Math.floor(random() * fixture.template.markets.length)]!;
    const current = fixture.odds.get(marketKey(market))!;
    const moved: Partial<Record<SportsSelectionCode, string>> = {};
    for (const code of Object.keys(current) as SportsSelectionCode[]) {
      const step = Math.round((random() - 0.5) * 10);
      current[code] = Math.min(5000, Math.max(105, current[code]! + step));
      moved[code] = decimal(current[code]!);
    }
    append({
      type: 'odds',
      ref: fixture.ref,
      market: { type: market.type, ...(market.line !== undefined && { line: market.line }) },
      odds: moved,
    });
  }

  return {
    /** Appends every change due by `now`. */
    tick(now: number) {
      while (fixtures.filter((f) => f.state !== 'done').length < wanted) newFixture(now);
      for (const fixture of fixtures) {
        if (fixture.state === 'scheduled') {
          if (fixture.startsAt <= now) {
            fixture.state = 'live';
            append({ type: 'event_status', ref: fixture.ref, status: 'live', score: { ...fixture.score } });
          } else if (random() < 0.3) drift(fixture);
        } else if (fixture.state === 'live') {
          if (fixture.startsAt + fixture.template.durationMs <= now) {
            fixture.state = 'done';
            append({ type: 'result', ref: fixture.ref, score: { ...fixture.score } });
            continue;
          }
          if (random() < fixture.template.scoreChance) {
            if (random() < 0.5) fixture.score.home++;
            else fixture.score.away++;
            append({ type: 'event_status', ref: fixture.ref, status: 'live', score: { ...fixture.score } });
          }
          if (random() < 0.5) drift(fixture);
        }
      }
      // Done fixtures are forgotten once their result is in the log.
      for (let i = fixtures.length - 1; i >= 0; i--) if (fixtures[i]!.state === 'done') fixtures.splice(i, 1);
    },

    /**
     * Development and e2e only (sandbox-main.ts POST /finish): ends a fixture now with `score`, as
     * if its time were up (live first when it had not started). False when it is unknown or done.
     */
    finish(ref: string, score: { home: number; away: number }): boolean {
      const fixture = fixtures.find((f) => f.ref === ref);
      if (!fixture || fixture.state === 'done') return false;
      if (fixture.state === 'scheduled') {
        append({ type: 'event_status', ref, status: 'live', score: { home: 0, away: 0 } });
      }
      fixture.state = 'done';
      fixture.score = { ...score };
      append({ type: 'result', ref, score: { ...score } });
      return true;
    },

    /** The log after `cursor`, at most `limit` entries. */
    entries(cursor: string | null, limit: number): FeedEntry[] {
      const from = cursor === null ? 0 : Math.max(0, Math.trunc(Number(cursor)) || 0);
      return log.slice(from, from + limit);
    },

    size: () => log.length,

    state: (): SandboxFeedState => ({
      rng: random.state(),
      made,
      lastStart,
      fixtures: fixtures.map((f) => ({
        ref: f.ref,
        template: TEMPLATES.indexOf(f.template),
        startsAt: f.startsAt,
        state: f.state,
        score: { ...f.score },
        odds: [...f.odds.entries()].map(([key, odds]) => [key, { ...odds }]),
      })),
    }),
  };
}
export type SandboxFeedBook = ReturnType<typeof sandboxFeedBook>;
