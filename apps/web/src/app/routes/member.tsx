import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ShieldIcon } from '../../components/ui/icons.tsx';
import { SecurityCenter } from '../../features/auth/components/security-center.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { useSwitches } from '../../features/system/api/get-status.ts';
import { openModal } from '../../stores/modals.ts';
import { BackLinks } from './page-links.tsx';
import './member.css';

/** §2 member-centre menu pages (`/member?page=`). */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'activityCenter',
  'referral',
  'vipBonus',
  'manualRebate',
  'pointMall',
  'missionLeaderboard',
  'messageV2',
  'creditReport',
  // Issue 14 item 2: red envelopes, raffles and the sign-up reward (features/lucky).
  'redEnvelope',
  'raffle',
  'signUpReward',
] as const;
type MemberPage = (typeof MEMBER_PAGES)[number];

// Issue 5 money pages: each its own chunk, loaded when its page is opened.
const DepositPage = lazy(() => import('../../features/cashier/components/deposit-page.tsx'));
const WithdrawPage = lazy(() => import('../../features/cashier/components/withdraw-page.tsx'));
const TransferFundPage = lazy(() => import('../../features/wallet/components/transfer-fund-page.tsx'));
const TransferUplinePage = lazy(() => import('../../features/wallet/components/transfer-upline-page.tsx'));
const RecordsPage = lazy(() => import('../../features/wallet/components/records-page.tsx'));
const InboxPage = lazy(() => import('../../features/wallet/components/inbox-page.tsx'));
// Issue 14 item 7: the unread badge on the messageV2 entry (its own chunk, as the page is).
const MenuUnreadBadge = lazy(() => import('../../features/wallet/components/unread-badge.tsx'));
// Issue 13: Refer and Earn (its own chunk; the QR library loads only when the code is in view).
const ReferralPage = lazy(() => import('../../features/referral/components/referral-page.tsx'));
// Issue 14 item 4: the VIP rank and progress (its own chunk).
const VipPage = lazy(() => import('../../features/vip/components/vip-page.tsx'));
// Issue 14 item 5: rebates (its own chunk).
const RebatePage = lazy(() => import('../../features/rebates/components/rebate-page.tsx'));
// Issue 14 item 3: the points mall (its own chunk).
const PointsMallPage = lazy(() => import('../../features/points-mall/components/points-mall-page.tsx'));
// Issue 14 item 2: red envelopes, raffles and the sign-up reward (each its own chunk).
const RedEnvelopePage = lazy(() => import('../../features/lucky/components/red-envelope-page.tsx'));
const RafflePage = lazy(() => import('../../features/lucky/components/raffle-page.tsx'));
const SignUpRewardPage = lazy(() => import('../../features/lucky/components/sign-up-reward-page.tsx'));
// Issue 14 item 6: missions and their leaderboards, and the menu's badge (each its own chunk).
const MissionPage = lazy(() => import('../../features/missions/components/mission-page.tsx'));
const MissionMenuBadge = lazy(() => import('../../features/missions/components/menu-badge.tsx'));
// Issue 14 items 1–2: the reward centre, the activity centre and the reward badge (their own chunks).
const RewardCenterPage = lazy(() => import('../../features/promotions/components/reward-center-page.tsx'));
const ActivityCenterPage = lazy(() => import('../../features/promotions/components/activity-center-page.tsx'));
const RewardBadge = lazy(() => import('../../features/promotions/components/reward-badge.tsx'));
// Issue 14 item 8: the credit report (its own chunk).
const CreditReportPage = lazy(() => import('../../features/credit-report/components/credit-report-page.tsx'));

function MoneyPage({ page, isAgent }: { page: MemberPage; isAgent: boolean }) {
  switch (page) {
    case 'depositv2':
      return <DepositPage />;
    case 'withdraw':
      return <WithdrawPage />;
    case 'transferFund':
      return <TransferFundPage />;
    case 'transferUpline':
      return <TransferUplinePage isAgent={isAgent} />;
    case 'transactionHistory':
    case 'personalProfit':
    case 'bonusDetails':
    case 'personalHistoryCopy':
      return <RecordsPage kind={page} />;
    case 'messageV2':
      return <InboxPage />;
    case 'referral':
      return <ReferralPage />;
    case 'vipBonus':
      return <VipPage />;
    case 'manualRebate':
      return <RebatePage />;
    case 'pointMall':
      return <PointsMallPage />;
    case 'missionLeaderboard':
      return <MissionPage />;
    case 'creditReport':
      return <CreditReportPage />;
    case 'rewardCenter':
      return <RewardCenterPage />;
    case 'activityCenter':
      return <ActivityCenterPage />;
    case 'redEnvelope':
      return <RedEnvelopePage />;
    case 'raffle':
      return <RafflePage />;
    case 'signUpReward':
      return <SignUpRewardPage />;
    default:
      return null;
  }
}
/** The member-centre menu (§2 page names): the pages that exist so far, the current one marked. */
const MENU_PAGES: readonly MemberPage[] = [
  'depositv2',
  'withdraw',
  'transferFund',
  'transferUpline',
  'transactionHistory',
  'personalHistoryCopy',
  'personalProfit',
  'bonusDetails',
  'creditReport',
  'messageV2',
  'rewardCenter',
  'activityCenter',
  'referral',
  'vipBonus',
  'manualRebate',
  'pointMall',
  'missionLeaderboard',
  'redEnvelope',
  'raffle',
  'signUpReward',
  'securityCenter',
];
/** §2: the reward and activity centres show while the reward centre is on (REWCEN3). */
const REWARD_PAGES: readonly MemberPage[] = ['rewardCenter', 'activityCenter', 'redEnvelope', 'raffle'];

function MemberMenu({ current }: { current: MemberPage }) {
  const { t } = useTranslation();
  // §2: the rebate entry shows while the merchant runs player rebates (PLYRBT).
  const switches = useSwitches();
  const rebatesOn = switches.PLYRBT === true;
  const rewardsOn = switches.REWCEN3 === true;
  // Issue 14 item 6: the missions entry shows while MISSIONLB3 is on.
  const missionsOn = switches.MISSIONLB3 === true;
  // Issue 14 item 3: the points mall entry shows while PTSYS3 is on.
  const pointsOn = switches.PTSYS3 === true;
  return (
    <nav className="member-menu" aria-label={t('routes.member.title')}>
      <ul>
        {MENU_PAGES.filter(
          (name) =>
            (name !== 'manualRebate' || rebatesOn) &&
            (!REWARD_PAGES.includes(name) || rewardsOn) &&
            (name !== 'missionLeaderboard' || missionsOn) &&
            (name !== 'pointMall' || pointsOn),
        ).map((name) => (
          <li key={name}>
            <Link to={`/member?page=${name}`} aria-current={name === current ? 'page' : undefined}>
              {t(`routes.member.pages.${name}`)}
              {name === 'messageV2' ? (
                <Suspense fallback={null}>
                  <MenuUnreadBadge />
                </Suspense>
              ) : name === 'rewardCenter' ? (
                <Suspense fallback={null}>
                  <RewardBadge />
                </Suspense>
              ) : name === 'missionLeaderboard' ? (
                <Suspense fallback={null}>
                  <MissionMenuBadge />
                </Suspense>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const MONEY_PAGES: readonly MemberPage[] = [
  'depositv2',
  'withdraw',
  'transferFund',
  'transferUpline',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'personalHistoryCopy',
  'messageV2',
  'referral',
  'vipBonus',
  'manualRebate',
  'pointMall',
  'creditReport',
  'rewardCenter',
  'activityCenter',
  'missionLeaderboard',
  'redEnvelope',
  'raffle',
  'signUpReward',
];

/**
 * §2 /member: the member centre (members only). The security centre is here; the wallet,
 * records and rewards pages come with their issues and say so. §6/§8: a trial account is refused
 * with the in_need_true_account notice.
 */
export default function MemberRoute() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const { role } = useSession();
  const asked = query.get('page');
  const page: MemberPage = MEMBER_PAGES.includes(asked as MemberPage) ? (asked as MemberPage) : 'securityCenter';
  const title = t(`routes.member.pages.${page}`);

  if (role === 'trial') {
    return (
      <ContentPage title={t('routes.member.title')} intro={t('routes.member.intro')}>
        <EmptyState
          variant="page"
          headingLevel={2}
          icon={<ShieldIcon size={28} />}
          title={t('auth.trial.title')}
          body={t('auth.trial.notice')}
          action={
            <button type="button" className="button button--primary" onClick={() => openModal('register')}>
              {t('auth.trial.register')}
            </button>
          }
        />
      </ContentPage>
    );
  }

  return (
    <ContentPage title={title} intro={t('routes.member.intro')}>
      <MemberMenu current={page} />
      {page === 'securityCenter' ? (
        <SecurityCenter />
      ) : MONEY_PAGES.includes(page) ? (
        <Suspense
          fallback={
            <p className="money-loading" role="status">
              {t('common.loading')}
            </p>
          }
        >
          <MoneyPage key={page} page={page} isAgent={role === 'agent'} />
        </Suspense>
      ) : (
        <EmptyState
          variant="page"
          headingLevel={2}
          icon={<ShieldIcon size={28} />}
          title={t('routes.member.emptyTitle')}
          body={t('routes.member.emptyBody')}
          action={<BackLinks />}
        />
      )}
    </ContentPage>
  );
}
