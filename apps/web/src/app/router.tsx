import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { SiteLayout } from '../components/layouts/site-layout.tsx';
import { sessionStore } from '../lib/session-store.ts';
import { RouteError } from './routes/route-error.tsx';

/** §4 routing guard: without a token, auth-required routes go to /login. */
function RequireAuth() {
  return sessionStore.token() ? <Outlet /> : <Navigate to="/login" replace />;
}

/** §2 game types served by the game centre (vendor cards) and by the game list. */
export const GAME_CENTER_TYPES = ['sports', 'esports', 'lott', 'elott', 'cockfight'] as const;
export const GAME_LIST_TYPES = ['live', 'fish', 'rng', 'pvp', 'bgs'] as const;

const lazy = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const home = lazy(() => import('./routes/home.tsx'));

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: home },
      { path: 'index', lazy: home },
      { path: 'index.html', lazy: home },
      { path: 'home', lazy: home },
      // §2: /login and /register return to / with their modal open; /help opens the help centre.
      { path: 'login', element: <Navigate to="/" replace state={{ modal: 'login' }} /> },
      { path: 'register', element: <Navigate to="/" replace state={{ modal: 'register' }} /> },
      { path: 'help', lazy: lazy(() => import('./routes/help.tsx')) },
      { path: 'promotions', lazy: lazy(() => import('./routes/promotions.tsx')) },
      { path: 'pointMall', lazy: lazy(() => import('./routes/point-mall.tsx')) },
      { path: 'seamless', lazy: lazy(() => import('./routes/seamless.tsx')) },
      { path: 'agent', lazy: lazy(() => import('./routes/agent.tsx')) },
      ...GAME_CENTER_TYPES.map((type) => ({ path: type, lazy: lazy(() => import('./routes/game-center.tsx')) })),
      ...GAME_LIST_TYPES.map((type) => ({ path: type, lazy: lazy(() => import('./routes/game-list.tsx')) })),
      {
        element: <RequireAuth />,
        children: [
          { path: 'favorite', lazy: lazy(() => import('./routes/my-games.tsx')) },
          { path: 'recent', lazy: lazy(() => import('./routes/my-games.tsx')) },
          { path: 'lottery', lazy: lazy(() => import('./routes/lottery.tsx')) },
          { path: 'seaLottery', lazy: lazy(() => import('./routes/lottery.tsx')) },
          { path: 'vnLottery', lazy: lazy(() => import('./routes/lottery.tsx')) },
          { path: 'member', lazy: lazy(() => import('./routes/member.tsx')) },
          { path: 'agentHome', lazy: lazy(() => import('./routes/agent-home.tsx')) },
        ],
      },
      { path: '*', lazy: lazy(() => import('./routes/not-found.tsx')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
