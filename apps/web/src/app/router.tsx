import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { sessionStore } from '../lib/session-store.ts';
import { LoadingCover } from '../components/ui/loading-cover.tsx';
import { loadMessages } from '../lib/i18n.ts';
import { lazyRoute } from './routes/lazy-route.tsx';
import { PageError, RouteError } from './routes/route-error.tsx';
import { SiteRoot } from './routes/site-root.tsx';
import NotFoundRoute from './routes/not-found.tsx';

/** §4 routing guard: without a token, auth-required routes go to /login. */
export function RequireAuth() {
  return sessionStore.token() ? <Outlet /> : <Navigate to="/login" replace />;
}

/** §2 game types served by the game centre (vendor cards) and by the game list. */
export const GAME_CENTER_TYPES = ['sports', 'esports', 'lott', 'elott', 'cockfight'] as const;
export const GAME_LIST_TYPES = ['live', 'fish', 'rng', 'pvp', 'bgs'] as const;

// Every page is its own chunk, loaded with the §9 120-second time-out (lazy-route.tsx).
const home = lazyRoute(() => import('./routes/home.tsx'));
/** A page other than home: its chunk and the pages' strings, not in the first-load catalogue. */
const page = (load: () => Promise<{ default: ComponentType }>) =>
  lazyRoute(() => Promise.all([load(), loadMessages('pages')]).then(([module]) => module));
const gameCenter = page(() => import('./routes/game-center.tsx'));
const gameList = page(() => import('./routes/game-list.tsx'));
const myGames = page(() => import('./routes/my-games.tsx'));
const lottery = page(() => import('./routes/lottery.tsx'));
/** Issue 15 item 2: /lott and /elott list the vendor cards, then our own draws. */
const lotteryCentre = page(() => import('./routes/lottery-centre.tsx'));
/** Issue 12: our own games and the pages around them (the feature's own strings load with them). */
const originals = page(() => import('./routes/originals.tsx'));
/** A page that is a named export of a feature module (our games' pages, the agent centre's). */
const featurePage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  page(() => load().then((module) => ({ default: module[name] })));
const agentLayout = page(() => import('./routes/agent-home.tsx'));

/**
 * Issue 13: the agent centre's pages, children of /agentHome under their reference names (§2);
 * features/agent/utils/agent-menu.ts lists them in the menu.
 */
export const AGENT_CENTRE_PAGES: RouteObject[] = [
  { index: true, lazy: featurePage(() => import('../features/agent/components/agent-home-page.tsx'), 'AgentHomePage') },
  // Reports.
  ...(
    [
      ['agentTeamOverview', 'TeamOverviewPage'],
      ['palStatementsAgentCopy', 'PalStatementsPage'],
      ['agentRevenueReport', 'RevenueReportPage'],
      ['agentDownlineTransactionDetailsCopy', 'DownlineTransactionsPage'],
      ['personalHistoryCopy', 'PersonalHistoryPage'],
      ['teamBetting', 'TeamBettingPage'],
      ['userLoss', 'UserLossPage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: featurePage(() => import('../features/agent-reports/components/report-pages.tsx'), name),
  })),
  // Salaries and dividends.
  ...(
    [
      ['agentDividendRecordCopy2', 'DividendRecordPage'],
      ['agentDailyWages2', 'DailyWagesPage'],
      ['agentHourSalary', 'HourSalaryPage'],
      ['agentRealtimeSalary', 'RealtimeSalaryPage'],
      ['myIncome', 'MyIncomePage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: featurePage(() => import('../features/agent-contracts/components/payout-pages.tsx'), name),
  })),
  // The team and the account.
  {
    path: 'registerCenter',
    lazy: featurePage(() => import('../features/agent/components/register-center-page.tsx'), 'RegisterCenterPage'),
  },
  {
    path: 'downlineManagmentView',
    lazy: featurePage(() => import('../features/agent/components/downline-view-page.tsx'), 'DownlineViewPage'),
  },
  {
    path: 'accountDetails',
    lazy: featurePage(() => import('../features/agent/components/account-details-page.tsx'), 'AccountDetailsPage'),
  },
  {
    path: 'agentAnnouncement',
    lazy: featurePage(
      () => import('../features/agent/components/agent-announcement-page.tsx'),
      'AgentAnnouncementPage',
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: <SiteRoot />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingCover />,
    children: [
      {
        // Page errors render inside the layout, so the header and menu stay usable.
        errorElement: <PageError />,
        children: [
          { index: true, lazy: home },
          { path: 'index', lazy: home },
          { path: 'index.html', lazy: home },
          { path: 'home', lazy: home },
          // §2: /login and /register return to / with their modal open; /help opens the help centre.
          { path: 'login', element: <Navigate to="/" replace state={{ modal: 'login' }} /> },
          { path: 'register', element: <Navigate to="/" replace state={{ modal: 'register' }} /> },
          { path: 'help', lazy: page(() => import('./routes/help.tsx')) },
          // Issue 14 item 2: red envelopes, raffles and the sign-up reward are member-centre pages.
          ...(['redEnvelope', 'raffle', 'signUpReward'] as const).map((name) => ({
            path: name,
            element: <Navigate to={`/member?page=${name}`} replace />,
          })),
          // Issue 14 item 8: blog and news (lists and articles) and the live hosts (routes/content.tsx).
          ...(
            [
              ['blog', 'BlogPage'],
              ['blog/:slug', 'BlogArticlePage'],
              ['news', 'NewsPage'],
              ['news/:slug', 'NewsArticlePage'],
              ['liveHosts', 'LiveHostsPage'],
            ] as const
          ).map(([path, name]) => ({ path, lazy: featurePage(() => import('./routes/content.tsx'), name) })),
          { path: 'promotions', lazy: page(() => import('./routes/promotions.tsx')) },
          { path: 'pointMall', lazy: page(() => import('./routes/point-mall.tsx')) },
          { path: 'agent', lazy: page(() => import('./routes/agent.tsx')) },
          {
            path: 'originals/verify',
            lazy: featurePage(() => import('../features/originals/components/verify-page.tsx'), 'VerifyPage'),
          },
          // Crash rounds are shared: visitors watch them (the page asks them to log in to bet).
          { path: 'originals/crash', lazy: originals },
          // Issue 15 item 3: our own sportsbook (`?kind=ESPORTS`, `?event=`, `?tab=mine`); visitors browse the odds.
          {
            path: 'sportsbook',
            lazy: featurePage(() => import('../features/sports/components/sports-page.tsx'), 'SportsbookPage'),
          },
          ...GAME_CENTER_TYPES.map((type) => ({
            path: type,
            lazy: type === 'lott' || type === 'elott' ? lotteryCentre : gameCenter,
          })),
          ...GAME_LIST_TYPES.map((type) => ({ path: type, lazy: gameList })),
          {
            element: <RequireAuth />,
            children: [
              // §2 game page: the game frame launches with the member's session.
              { path: 'seamless', lazy: page(() => import('./routes/seamless.tsx')) },
              { path: 'favorite', lazy: myGames },
              { path: 'recent', lazy: myGames },
              { path: 'lottery', lazy: lottery },
              { path: 'seaLottery', lazy: lottery },
              { path: 'vnLottery', lazy: lottery },
              { path: 'member', lazy: page(() => import('./routes/member.tsx')) },
              // Issue 13: the agent centre. The layout (features/agent) sends non-agents to /agent.
              { path: 'agentHome', lazy: agentLayout, children: AGENT_CENTRE_PAGES },
              {
                path: 'originals/fairness',
                lazy: featurePage(() => import('../features/originals/components/fairness-page.tsx'), 'FairnessPage'),
              },
              {
                path: 'originals/rounds',
                lazy: featurePage(() => import('../features/originals/components/rounds-page.tsx'), 'RoundsPage'),
              },
              {
                path: 'originals/rounds/:roundId',
                lazy: featurePage(() => import('../features/originals/components/rounds-page.tsx'), 'RoundPage'),
              },
              { path: 'originals/:game', lazy: originals },
              // Issue 15 item 4: our own cockfight book (the COCKFIGHT game centre's card opens it).
              {
                path: 'cockfight/live',
                lazy: featurePage(() => import('../features/cockfight/components/cockfight-page.tsx'), 'CockfightPage'),
              },
            ],
          },
          // Static: the route error screen already bundles it for 404 responses.
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
