import type { SystemStatus } from '@khela/contracts';
import { FloatingWidget } from '../../components/layouts/floating-widget.tsx';
import { CustomerServiceButton } from '../../components/ui/customer-service-button.tsx';
import { DownloadQrCodes } from '../../features/downloads/components/download-qr-codes.tsx';
import { appDownloads } from '../../features/downloads/utils/downloads.ts';
import type { HelpArticle } from '../../features/help/api/get-help-center.ts';
import { SideMenu } from '../../features/navigation/components/side-menu.tsx';
import { SiteFooter } from '../../features/navigation/components/site-footer.tsx';
import type { NavItem } from '../../features/navigation/utils/build-navigation.ts';
import { LanguageSelect } from '../../features/preferences/components/language-select.tsx';
import { useSessionToken } from '../../lib/use-session-token.ts';
import { useSwitches } from '../../features/system/api/get-status.ts';

/**
 * The parts of the §2 site shell that are off-screen or below the page on the first paint: the
 * side menu, the footer and the floating widget. Their own chunk, loaded once the first screen
 * is drawn (site-root.tsx, issue 3 item 11).
 */
type Info = SystemStatus['info'] | undefined;

export function ShellSideMenu({
  info,
  items,
  showRewards,
  showInvite,
}: {
  info: Info;
  items: NavItem[];
  showRewards: boolean;
  showInvite: boolean;
}) {
  const customerService = info?.customerService ?? [];
  // §2 /favorite and /recent need a log-in: their shortcuts are shown once there is a session.
  const loggedIn = Boolean(useSessionToken());
  return (
    <SideMenu
      items={items}
      showRewards={showRewards}
      showInvite={showInvite}
      showMyGames={loggedIn}
      downloads={<DownloadQrCodes resources={info?.resources ?? []} size={100} />}
      customerService={
        customerService.length > 0 ? <CustomerServiceButton entries={customerService} className="button" /> : undefined
      }
      language={<LanguageSelect languages={info?.merchant.languages} />}
    />
  );
}

export function ShellFooter({
  info,
  siteName,
  helpArticles,
  items,
}: {
  info: Info;
  siteName: string;
  helpArticles: HelpArticle[];
  items: NavItem[];
}) {
  return (
    <SiteFooter
      siteName={siteName}
      helpArticles={helpArticles}
      resources={info?.resources ?? []}
      vendors={items.flatMap((item) => item.vendors)}
      showLiveHosts={useSwitches().CBS3 === true}
    />
  );
}

export function ShellWidget({ info, showInvite }: { info: Info; showInvite: boolean }) {
  const resources = info?.resources ?? [];
  const hasDownloads = appDownloads(resources, window.location.origin).length > 0;
  return (
    <FloatingWidget
      customerService={info?.customerService ?? []}
      showInvite={showInvite}
      downloads={hasDownloads ? <DownloadQrCodes resources={resources} heading={false} size={112} /> : undefined}
    />
  );
}
