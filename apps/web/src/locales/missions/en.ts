/**
 * English strings of the member centre's missions page (issue 14 item 6, features/missions): not
 * in the first-load catalogue; features/missions/messages.ts adds both languages with the page's chunk.
 */
const en = {
  mission: {
    intro: 'Complete a mission’s milestones within its dates and claim a reward at every step.',
    open: 'Open missions',
    closed: 'Ended missions',
    emptyTitle: 'No missions right now',
    emptyBody: 'New missions appear here. Check back soon.',
    closedEmpty: 'No ended missions yet.',
    window: '{{start}} – {{end}}',
    goal: {
      validBet: 'Valid bets',
      validBetOn: 'Valid bets on {{what}}',
      deposit: 'Deposits',
      rounds: 'Rounds of {{game}}',
    },
    reached: 'Your progress: {{value}}',
    countedThrough: 'Counted up to {{time}}',
    milestone: 'Milestone {{n}}',
    target: 'Goal {{target}}',
    reward: 'Reward {{amount}}',
    turnover: '{{times}}× turnover',
    noTurnover: 'No turnover',
    progressLabel: 'Milestone {{n}}: {{value}} of {{target}}',
    states: { open: 'In progress', reached: 'Reached', claimed: 'Claimed' },
    claim: 'Claim',
    claimConfirm_one: 'Claim {{amount}} now? It goes to your main wallet and must be wagered once before you withdraw.',
    claimConfirm_other:
      'Claim {{amount}} now? It goes to your main wallet and must be wagered {{count}} times before you withdraw.',
    claimConfirmNoTurnover: 'Claim {{amount}} now? It goes to your main wallet.',
    confirm: 'Yes, claim',
    cancel: 'Cancel',
    claimed: '{{amount}} has been added to your main wallet.',
    leaderboard: 'Leaderboard',
    showBoard: 'Show leaderboard',
    hideBoard: 'Hide leaderboard',
    rank: 'Rank',
    player: 'Player',
    value: 'Reached',
    you: 'You',
    notRanked: 'Not ranked yet',
    boardEmpty: 'Nobody has made progress yet. Be the first!',
    badge_one: '{{count}} reward to claim',
    badge_other: '{{count}} rewards to claim',
  },
};
export default en;
