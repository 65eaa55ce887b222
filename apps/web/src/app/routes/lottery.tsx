import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPE_IDS } from '@khela/contracts';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { useVendorLanes } from '../../features/games/api/get-vendor-lanes.ts';
import { LotteryPage } from '../../features/lottery/components/lottery-page.tsx';
import { prizeModeOf } from '../../features/lottery/utils/prize-mode.ts';
import type { LotteryPageName } from '../../features/lottery/utils/routes.ts';
import { useBalance } from '../../features/wallet/api/get-balance.ts';
import { formatAmount } from '../../lib/format.ts';
import { openModal } from '../../stores/modals.ts';
import { BackLinks } from './page-links.tsx';
import '../../features/auth/messages.ts';

const PAGES: Record<string, LotteryPageName> = {
  '/lottery': 'lottery',
  '/sealottery': 'seaLottery',
  '/vnlottery': 'vnLottery',
};

/**
 * §2 /lottery, /seaLottery and /vnLottery (members only, `?gameCode=` picks the game): our own
 * lottery (issue 15 item 2). The prize mode follows endpoints.md §8 from the vendor lanes; the
 * balance is the wallet feature's (read again after each purchase); a trial account gets the
 * §8 real-account notice (§6: trial accounts cannot bet).
 */
export default function LotteryRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const page = PAGES[pathname.toLowerCase().replace(/\/+$/, '')] ?? 'lottery';
  const gameCode = query.get('gameCode')?.trim() || null;
  const { token, role, loading } = useSession();
  const balance = useBalance(role === 'trial' || loading ? null : token).data;
  const lanes = useVendorLanes().data?.data.lanes;
  const trial = role === 'trial';
  useEffect(() => {
    if (trial) openModal('accountNotice', { kind: 'trial' });
  }, [trial]);

  // The role is known once the member's info has loaded: nothing is asked for a trial account.
  if (loading) {
    return (
      <ContentPage title={t(`routes.lottery.${page}`)}>
        <p role="status">{t('common.loading')}</p>
      </ContentPage>
    );
  }
  if (trial) {
    return (
      <ContentPage title={t(`routes.lottery.${page}`)}>
        <EmptyState
          variant="page"
          headingLevel={2}
          title={t('routes.lottery.emptyTitle', { lottery: t(`routes.lottery.${page}`) })}
          body={t('auth.trial.notice')}
          action={<BackLinks />}
        />
      </ContentPage>
    );
  }
  const main = balance?.balance.find((b) => b.accountTypeId === ACCOUNT_TYPE_IDS.MAIN)?.availBalance;
  return (
    <LotteryPage
      page={page}
      gameCode={gameCode}
      prizeMode={prizeModeOf(lanes ?? [])}
      balance={
        balance && main !== undefined
          ? {
              main,
              currency: balance.currency,
              display: `${balance.currencySymbol || balance.currency} ${formatAmount(balance.sumBalance)}`,
            }
          : null
      }
    />
  );
}
