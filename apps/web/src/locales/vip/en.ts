/**
 * English strings of the member centre's VIP page (issue 14 item 4, features/vip): not in the
 * first-load catalogue; features/vip/messages.ts adds both languages with the page's chunk.
 */
const en = {
  vip: {
    title: 'VIP rank',
    intro:
      'Your rank follows your valid bets this month. Reach a rank and its bonus is paid at once; each month your rank pays its monthly bonus.',
    current: 'Current rank',
    none: 'No rank yet',
    month: 'Month',
    progress: 'Turnover this month',
    progressOf: '{{actual}} of {{expected}}',
    toNext: '{{amount}} more to reach {{name}}',
    top: 'Top rank: keep {{amount}} a month to stay here.',
    totalTurnover: 'Total turnover',
    bonusesPaid: 'VIP bonuses received',
    ranks: 'Ranks',
    level: 'Level',
    name: 'Rank',
    threshold: 'Monthly turnover',
    promotionBonus: 'Promotion bonus',
    monthlyBonus: 'Monthly bonus',
    emptyTitle: 'No VIP ranks yet',
    emptyBody: 'This site has no VIP ranks at the moment.',
    bonusNote:
      'VIP bonuses go to your main wallet, to be wagered once before a withdrawal, and appear under Bonus details.',
  },
};
export default en;
export type VipMessages = typeof en;
