/**
 * English strings of the home page's hot matches lane (issue 15 item 3,
 * features/sports/components/hot-matches-lane.tsx): in the lane's lazy chunk, never the first load.
 */
const en = {
  hotMatches: {
    title: 'Hot matches',
    all: 'All sports',
    live: 'Live',
    minute: "{{minute}}'",
    score: 'Score {{home}}–{{away}}',
    vs: '{{home}} v {{away}}',
    open: 'Open {{match}}',
    loading: 'Loading hot matches',
    odds: '{{pick}} at {{odds}}',
    picks: { HOME: 'Home', DRAW: 'Draw', AWAY: 'Away' },
  },
};
export default en;
