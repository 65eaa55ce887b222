import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseIcon, RefreshIcon } from '../../../components/ui/icons.tsx';
import { BellIcon, EyeIcon, EyeOffIcon } from '../../../components/ui/money-icons.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { useBalance } from '../api/get-balance.ts';
import { useUnreadCount } from '../api/get-unread.ts';
import type { MemberEvent } from '../api/member-events.ts';
import { useMemberEvents } from '../hooks/use-member-events.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { balanceVisibility, shownBalance } from '../utils/balance-visibility.ts';
import { isMoneyNotice, noticeTone } from '../utils/notices.ts';
import './header-balance.css';
import '../messages.ts';

const NOTICE_MS = 8000;

/**
 * §2 header balance for members (the trial role never gets here): the sum of the wallets with
 * refresh and a remembered show/hide (`***`), the unread badge of the inbox, and the §4 money
 * notices pushed over the event stream, which also refresh the balance. Loaded as its own chunk
 * after log-in, so nothing of it weighs on the visitor's first paint.
 */
export default function HeaderBalance() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const balance = useBalance(token);
  const inbox = useUnreadCount(token);
  const [hidden, setHidden] = useState(balanceVisibility.hidden);
  const [notices, setNotices] = useState<MemberEvent[]>([]);

  const dismiss = useCallback((id: string) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  useMemberEvents(token, (event) => {
    if (isMoneyNotice(event.kind)) setNotices((list) => [...list.filter((n) => n.id !== event.id), event].slice(-3));
  });

  const toggle = () => {
    balanceVisibility.setHidden(!hidden);
    setHidden(!hidden);
  };
  const value = balance.data;
  const amount = value ? `${value.currencySymbol || value.currency} ${formatAmount(value.sumBalance)}` : '';
  // §2/endpoints.md: the header badge is the unread messages plus availablePromoCount (same call).
  const messages = inbox.data?.unread ?? 0;
  const rewards = inbox.data?.availablePromoCount ?? 0;
  const unread = messages + rewards;
  const badge = unread > 99 ? '99+' : String(unread);
  // The name holds the badge's text as shown (axe label-content-name-mismatch), then what it counts.
  const inboxLabel =
    rewards > 0
      ? t('wallet.inbox.unreadAndRewardsLabel', { badge, count: messages, rewards })
      : unread > 0
        ? t('wallet.inbox.unreadLabel', { badge })
        : t('wallet.inbox.title');

  return (
    <div className="header-balance">
      <span className="header-balance__amount" aria-live="polite" data-testid="header-balance">
        <span className="visually-hidden">{t('wallet.balance.label')} </span>
        {balance.isPending ? (
          <span className="header-balance__loading">{t('common.loading')}</span>
        ) : balance.isError ? (
          <span className="header-balance__error">{t('wallet.balance.unavailable')}</span>
        ) : (
          shownBalance(amount, hidden)
        )}
      </span>
      <button
        type="button"
        className="icon-button header-balance__button"
        onClick={() => void balance.refetch()}
        disabled={balance.isFetching}
        aria-label={t('wallet.balance.refresh')}
        title={t('wallet.balance.refresh')}
      >
        <RefreshIcon size={18} className={balance.isFetching ? 'header-balance__spin' : undefined} />
      </button>
      <button
        type="button"
        className="icon-button header-balance__button"
        onClick={toggle}
        aria-pressed={hidden}
        aria-label={t('wallet.balance.hide')}
        title={hidden ? t('wallet.balance.show') : t('wallet.balance.hide')}
      >
        {hidden ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      </button>
      <Link
        className="icon-button header-balance__button header-balance__inbox"
        to="/member?page=messageV2"
        aria-label={inboxLabel}
        title={t('wallet.inbox.title')}
      >
        <BellIcon size={18} />
        {unread > 0 ? (
          <span className="header-balance__badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </Link>
      <Notices notices={notices} dismiss={dismiss} />
    </div>
  );
}

function Notices({ notices, dismiss }: { notices: MemberEvent[]; dismiss: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="wallet-notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <Notice key={notice.id} notice={notice} dismiss={dismiss} closeLabel={t('common.close')} />
      ))}
    </div>
  );
}

function Notice({
  notice,
  dismiss,
  closeLabel,
}: {
  notice: MemberEvent;
  dismiss: (id: string) => void;
  closeLabel: string;
}) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notice.id), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice.id, dismiss]);
  return (
    <div className="wallet-notice" data-tone={noticeTone(notice.kind)}>
      <div>
        <p className="wallet-notice__title">{notice.title}</p>
        <p className="wallet-notice__body">{notice.body}</p>
      </div>
      <button type="button" className="icon-button" onClick={() => dismiss(notice.id)} aria-label={closeLabel}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
