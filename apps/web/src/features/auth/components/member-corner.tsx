import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../../components/ui/popover.tsx';
import { openModal } from '../../../stores/modals.ts';
import { useMemberIcon } from '../api/get-member-info.ts';
import { useSession } from '../hooks/use-session.ts';

/** §2 account dropdown: member-centre pages (page query of /member) and the agent centre. */
export const ACCOUNT_MENU = [
  { key: 'bettingRecord', to: '/member?page=personalHistoryCopy' },
  { key: 'accountRecord', to: '/member?page=transactionHistory' },
  { key: 'profitLoss', to: '/member?page=personalProfit' },
  { key: 'rewardCenter', to: '/member?page=rewardCenter' },
  { key: 'securityCenter', to: '/member?page=securityCenter' },
] as const;

/** §8 in_need_true_account: trial users are refused member and account panels. */
function refuseTrial() {
  openModal('accountNotice', { kind: 'trial' });
}

function Avatar({ token, name }: { token: string; name: string }) {
  const icon = useMemberIcon(token).data;
  if (icon?.avatarType === 'IMAGE' && icon.avatar) {
    return <img className="avatar" src={icon.avatar} alt="" width={32} height={32} />;
  }
  return (
    <span className="avatar" style={icon ? { background: icon.color } : undefined} aria-hidden="true">
      {icon?.initials ?? name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * The member's side of the header's account corner (§2): balance, deposit and withdraw, the
 * account dropdown; for a trial user a badge and "register a real account" (§8). Its own chunk:
 * a visitor's first screen does not need it (header-account.tsx).
 */
export function MemberCorner({ balance, token }: { balance?: ReactNode; token: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { info, role } = useSession();
  const name = info?.nickname || info?.account || '';
  const trial = role === 'trial';
  const logout = () => openModal('logoutConfirm', { from: pathname.startsWith('/agentHome') ? 'agent' : 'site' });

  return (
    <div className="header-account" data-role={role}>
      {trial ? null : balance}
      {trial ? (
        <>
          <span className="header-account__badge">{t('auth.header.trialBadge')}</span>
          <button
            type="button"
            className="button button--primary header-account__real"
            onClick={() => openModal('register')}
          >
            {t('auth.header.registerReal')}
          </button>
        </>
      ) : (
        <>
          <Link className="button button--primary header-account__deposit" to="/member?page=depositv2">
            {t('header.deposit')}
          </Link>
          <Link className="button header-account__withdraw" to="/member?page=withdraw">
            {t('header.withdraw')}
          </Link>
        </>
      )}
      <Popover
        label={t('auth.header.menu', { name })}
        trigger={
          <>
            <Avatar token={token} name={name} />
            <span className="header-account__name">{name}</span>
          </>
        }
        namedByTrigger
        triggerClassName="header-account__trigger"
        panelClassName="account-menu"
        placement="down-end"
        title={name}
      >
        {(close) => (
          <nav aria-label={t('auth.header.menuLabel')}>
            <ul className="account-menu__list">
              {ACCOUNT_MENU.map((item) => (
                <li key={item.key}>
                  {trial ? (
                    <button
                      type="button"
                      className="account-menu__item"
                      onClick={() => {
                        close();
                        refuseTrial();
                      }}
                    >
                      {t(`auth.menu.${item.key}`)}
                    </button>
                  ) : (
                    <Link className="account-menu__item" to={item.to} onClick={close}>
                      {t(`auth.menu.${item.key}`)}
                    </Link>
                  )}
                </li>
              ))}
              {role === 'agent' ? (
                <li>
                  <Link className="account-menu__item" to="/agentHome" onClick={close}>
                    {t('auth.menu.agentCenter')}
                  </Link>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  className="account-menu__item account-menu__item--logout"
                  onClick={() => {
                    close();
                    logout();
                  }}
                >
                  {t('header.logout')}
                </button>
              </li>
            </ul>
          </nav>
        )}
      </Popover>
    </div>
  );
}
