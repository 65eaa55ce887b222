import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

const tags = ['game'] as const;

/**
 * The games issue fills the catalogue and the vendor adapters; the launch call exists now because
 * its guards belong to accounts: trial accounts are refused (§6, §8 in_need_true_account), and so
 * are self-excluded and cooling-off members (issue 4 item 10).
 */
export const gameEndpoints = {
  launch: defineEndpoint({
    name: 'pvp.launchGame',
    method: 'GET',
    path: '/wps/game/launchGame',
    auth: 'member',
    switch: 'GAMELO3',
    summary: 'Launch a real-money game: the URL to open (trial, self-excluded and cooling-off members refused)',
    tags,
    query: z.object({
      gameCode: z.string().trim().min(1).max(64),
      vassalage: z.string().trim().max(32).optional(),
      device: z.string().trim().max(16).optional(),
      backUrl: z.string().trim().max(2048).optional(),
    }),
    response: z.object({ url: z.string() }),
  }),
};
