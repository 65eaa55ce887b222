import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { useSwitches, useSystemStatus } from '../../features/system/api/get-status.ts';
import { useLastAnswer } from '../../features/system/components/status-gate.tsx';
import { useHelpCenter } from '../../features/help/api/get-help-center.ts';
import { buildNavigation, isGamePage } from '../../features/navigation/utils/build-navigation.ts';
import { useVendorLanes } from '../../features/games/api/get-vendor-lanes.ts';
import { useRouteEffects } from '../../features/navigation/hooks/use-route-effects.ts';
import { SiteHeader } from '../../features/navigation/components/site-header.tsx';
import { HeaderAccount } from '../../features/auth/components/header-account.tsx';
import { AuthBootstrap } from '../../features/auth/components/auth-bootstrap.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { RouteProgress } from '../../features/navigation/components/route-progress.tsx';
import { LanguageSelect } from '../../features/preferences/components/language-select.tsx';
import { ThemeSwitch } from '../../features/preferences/components/theme-switch.tsx';
import { RouteModalOpener } from '../modal-host.tsx';
import { useGameLaunch } from '../use-game-launch.ts';

/** §2 header balance: its own chunk, loaded only once a member is logged in (issue 3 budget). */
const HeaderBalance = lazy(() => import('../../features/wallet/components/header-balance.tsx'));

/** Issue 13 (§6): a member's pending contract offers pop up after log-in; their code loads then. */
const ContractOffers = lazy(() =>
  import('../../features/agent-contracts/components/contract-offers.tsx').then((m) => ({ default: m.ContractOffers })),
);

/** Side menu, footer and floating widget: one chunk, rendered after the first paint (site-layout.tsx). */
const extras = () => import('./site-extras.tsx');
const ShellSideMenu = lazy(() => extras().then((m) => ({ default: m.ShellSideMenu })));
const ShellFooter = lazy(() => extras().then((m) => ({ default: m.ShellFooter })));
const ShellWidget = lazy(() => extras().then((m) => ({ default: m.ShellWidget })));

/** A part of the shell whose chunk failed to load (offline, a new deployment) is left out, not the page. */
class Optional extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

const isAgentCentre = (pathname: string) => pathname === '/agentHome' || pathname.startsWith('/agentHome/');

/**
 * The site shell of §2, composed from the features: header, side menu (hidden on game pages),
 * footer and floating widget around the page, with the data of the status and help calls.
 */
export function SiteRoot() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The last answer stands while the status loads again in a new language (no flicker).
  const status = useLastAnswer(useSystemStatus().data);
  const switches = useSwitches();
  const help = useHelpCenter();
  useRouteEffects();

  // §2 top navigation: the categories that have a live vendor (the lanes; the last answer stands
  // while they load again in a new language, so the header does not shrink and grow back).
  const lanes = useLastAnswer(useVendorLanes().data)?.data.lanes;
  const items = useMemo(() => buildNavigation(lanes ?? []), [lanes]);
  const launch = useGameLaunch();
  const session = useSession();
  const signedIn = !!session.token;
  const info = status?.info;
  const siteName = info?.merchant.name || t('brand.name');
  const languages = info?.merchant.languages;
  // §2 rewards shortcut with the reward centre switch; kept steady while the status reloads.
  const showRewards = useLastAnswer(Object.keys(switches).length > 0 ? Boolean(switches.REWCEN3) : undefined) ?? false;
  // §2 invite-friends shortcut: for agents, or while the merchant's referral programme pays.
  const showInvite = (signedIn && session.role === 'agent') || info?.referralProgramme === true;

  const offers = signedIn ? (
    <Optional>
      <ContractOffers />
    </Optional>
  ) : null;
  // Issue 13 item 1: the agent centre draws its own layout (header, clock, menu) in place of the site's.
  if (isAgentCentre(pathname)) {
    return (
      <>
        <RouteModalOpener />
        <AuthBootstrap />
        <RouteProgress />
        <Outlet />
        {offers}
      </>
    );
  }

  return (
    <>
      <RouteModalOpener />
      <AuthBootstrap />
      <SiteLayout
        top={<RouteProgress />}
        header={(menu) => (
          <SiteHeader
            siteName={siteName}
            items={items}
            menu={menu}
            onLaunch={launch}
            actions={
              <>
                <LanguageSelect variant="compact" languages={languages} className="site-header__language" />
                <ThemeSwitch />
                <HeaderAccount
                  balance={
                    <Suspense fallback={null}>
                      <HeaderBalance />
                    </Suspense>
                  }
                />
              </>
            }
          />
        )}
        sideMenu={
          isGamePage(pathname) ? undefined : (
            <Optional>
              <ShellSideMenu info={info} items={items} showRewards={showRewards} showInvite={showInvite} />
            </Optional>
          )
        }
        footer={
          <Optional>
            <ShellFooter info={info} siteName={siteName} helpArticles={help.data ?? []} items={items} />
          </Optional>
        }
        widget={
          <>
            <Optional>
              <ShellWidget info={info} showInvite={showInvite} />
            </Optional>
            {offers}
          </>
        }
      >
        <Outlet />
      </SiteLayout>
    </>
  );
}
