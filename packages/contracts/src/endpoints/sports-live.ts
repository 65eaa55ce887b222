import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { sportsScoreSchema, sportsSelectionSchema } from './sports.ts';

/**
 * The sportsbook's live side (issue 15 item 3): odds, market and event changes pushed to open
 * pages over server-sent events (PostgreSQL LISTEN/NOTIFY, migration 0039), and the hot matches of
 * the home page under the reference's relay name (endpoints.md §3 `GCSGAME_getGameMatchV2`).
 * Odds and scores as the book's other calls give them (endpoints/sports.ts: odds "1.85").
 */

const tags = ['sports'];
const isoTime = z.iso.datetime({ offset: true });
const id = z.number().int();

/** One change as it reaches the page; `event: <kind>` names it on the stream. */
export const sportsLiveChangeSchema = z.union([
  z.object({
    kind: z.literal('odds'),
    eventId: id,
    marketId: id,
    selectionId: id,
    odds: z.string(),
  }),
  z.object({ kind: z.literal('market'), eventId: id, marketId: id, status: z.string() }),
  z.object({
    kind: z.literal('event'),
    eventId: id,
    status: z.string(),
    score: sportsScoreSchema.nullable(),
  }),
]);
export type SportsLiveChange = z.infer<typeof sportsLiveChangeSchema>;

/** At most this many events may be followed by one stream. */
export const SPORTS_LIVE_MAX_EVENTS = 100;

const eventIdsQuery = z.object({
  /** Comma-separated event ids; only their changes are sent. Empty: every change of the book. */
  eventIds: z
    .string()
    .trim()
    .max(1_200)
    .refine((value) => /^(\d{1,15}(,\d{1,15})*)?$/.test(value))
    .optional()
    .transform((value) => (value ? [...new Set(value.split(',').map(Number))] : []))
    .refine((ids) => ids.length <= SPORTS_LIVE_MAX_EVENTS),
});

export const sportsHotMatchSchema = z.object({
  eventId: id,
  /** SPORTS or ESPORTS, and the sport's code (FOOTBALL, CRICKET, ESPORTS_CS2 …). */
  kind: z.string(),
  sport: z.string(),
  /** The league (competition) and the match in the caller's language. */
  league: z.string(),
  match: z.string(),
  home: z.string(),
  away: z.string(),
  time: isoTime,
  status: z.string(),
  score: sportsScoreSchema.nullable(),
  /** The main market (1X2 for sports, match winner for e-sports) with its odds, or null when none is open. */
  bet: z
    .object({
      marketId: id,
      type: z.string(),
      selections: z.array(sportsSelectionSchema),
    })
    .nullable(),
});
export type SportsHotMatch = z.infer<typeof sportsHotMatchSchema>;

export const sportsLiveEndpoints = {
  live: defineEndpoint({
    name: 'sports.live',
    method: 'GET',
    path: '/wps/sports/live',
    auth: 'optional-member',
    responseFormat: 'sse',
    summary:
      'Server-sent events (text/event-stream) of the book: `event: odds` when a selection’s odds change, `event: market` on a market’s status, `event: event` on an event’s status or score; optionally only of `eventIds`; a comment heartbeat every 25 s',
    tags,
    query: eventIdsQuery,
    response: sportsLiveChangeSchema,
  }),
  hotMatches: defineEndpoint({
    name: 'game.getGameMatchV2',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getGameMatchV2',
    auth: 'optional-member',
    summary:
      'Hot matches of the book for the home page (endpoints.md §3): live first, then the next to start, each with its league, match, time and main odds in the caller’s language',
    tags,
    response: z.object({ list: z.array(sportsHotMatchSchema) }),
  }),
};
