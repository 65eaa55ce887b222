/**
 * The browser's entry of @khela/contracts (package.json `exports` condition `browser`): what the
 * player site needs and nothing of the operator API or the OpenAPI builder, so the admin schemas
 * and JSON Schema generation stay out of the web bundle (issue 3 item 11). The web build also
 * swaps `zod` for zod-browser.ts here. TypeScript, Node and the tests resolve index.ts, which
 * re-exports all of this.
 */
import { agentDownlineEndpoints, referralEndpoints } from './endpoints/agent-downlines.ts';
import { agentContractEndpoints } from './endpoints/agent-contracts.ts';
import { agentReportEndpoints } from './endpoints/agent-reports.ts';
import { cashierEndpoints } from './endpoints/cashier.ts';
import { gameEndpoints } from './endpoints/games.ts';
import { inhouseEndpoints } from './endpoints/inhouse.ts';
import { memberEndpoints } from './endpoints/member.ts';
import { rebateEndpoints } from './endpoints/rebates.ts';
import { promotionEndpoints } from './endpoints/promotions.ts';
import { sessionEndpoints } from './endpoints/session.ts';
import { supportEndpoints } from './endpoints/support.ts';
import { systemEndpoints } from './endpoints/system.ts';
import { walletEndpoints } from './endpoints/wallet.ts';
import { vipEndpoints } from './endpoints/vip.ts';
import { luckyEndpoints } from './endpoints/lucky.ts';
import { cockfightEndpoints } from './endpoints/cockfight.ts';
import { missionEndpoints } from './endpoints/missions.ts';
import { pointEndpoints } from './endpoints/points.ts';
import { contentEndpoints } from './endpoints/content.ts';
import { lotteryEndpoints } from './endpoints/lottery.ts';
import { sportsLiveEndpoints } from './endpoints/sports-live.ts';
import { sportsEndpoints } from './endpoints/sports.ts';

export * from './constants.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './seal.ts';
export * from './registration-messages.ts';
export * from './endpoints/games.ts';
export * from './endpoints/inhouse.ts';
export * from './endpoints/member.ts';
export * from './endpoints/session.ts';
export * from './endpoints/support.ts';
export * from './endpoints/system.ts';
export * from './endpoints/amount.ts';
export * from './endpoints/wallet.ts';
export * from './endpoints/cashier.ts';
export * from './endpoints/agent-contracts.ts';
export * from './endpoints/agent-downlines.ts';
export * from './endpoints/agent-reports.ts';
export * from './endpoints/vip.ts';
export * from './endpoints/rebates.ts';
export * from './endpoints/lucky.ts';
export * from './endpoints/cockfight.ts';
export * from './endpoints/missions.ts';
export * from './endpoints/points.ts';
export * from './endpoints/promotions.ts';
export * from './endpoints/content.ts';
export * from './endpoints/lottery.ts';
export * from './endpoints/sports-live.ts';
export * from './endpoints/sports.ts';

/**
 * The player-facing part of the registry (everything but /admin). Web code imports the groups
 * themselves (`systemEndpoints`, `sessionEndpoints`, …), never this object: with
 * `"sideEffects": false` the bundler then leaves out every group the first screen does not call.
 */
export const playerEndpoints = {
  system: systemEndpoints,
  support: supportEndpoints,
  member: { ...sessionEndpoints, ...memberEndpoints },
  game: gameEndpoints,
  inhouse: inhouseEndpoints,
  wallet: walletEndpoints,
  cashier: cashierEndpoints,
  agentContracts: agentContractEndpoints,
  agentDownlines: agentDownlineEndpoints,
  referral: referralEndpoints,
  vip: vipEndpoints,
  agentReports: agentReportEndpoints,
  rebates: rebateEndpoints,
  promotions: promotionEndpoints,
  lucky: luckyEndpoints,
  cockfight: cockfightEndpoints,
  missions: missionEndpoints,
  points: pointEndpoints,
  content: contentEndpoints,
  lottery: lotteryEndpoints,
  sports: sportsEndpoints,
  sportsLive: sportsLiveEndpoints,
};

/** In the browser the registry is the player-facing part; index.ts adds the operator API. */
export const endpoints = playerEndpoints;
