import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ClockIcon,
  GamepadIcon,
  GiftIcon,
  HeartIcon,
  HomeIcon,
  TagIcon,
  UsersIcon,
} from '../../../components/ui/icons.tsx';
import { isActive, type NavItem, type NavKey } from '../utils/build-navigation.ts';
import './navigation.css';

export interface SideMenuProps {
  items: NavItem[];
  /** §2 rewards shortcut (reward centre switch REWCEN3). */
  showRewards: boolean;
  /** §2 invite-friends shortcut: agents, or when the referral promo is on. */
  showInvite: boolean;
  /** §2 the member's favourite and recent games (/favorite, /recent: log-in needed). */
  showMyGames?: boolean;
  /** The app-download QR codes (downloads feature). */
  downloads?: ReactNode;
  /** The customer-service entry. */
  customerService?: ReactNode;
  /** The language selector (preferences feature). */
  language?: ReactNode;
}

function itemIcon(key: NavKey) {
  if (key === 'HOME') return <HomeIcon />;
  if (key === 'PROMOTIONS') return <TagIcon />;
  return <GamepadIcon />;
}

/**
 * §2 side menu: the game categories, the rewards and invite-friends shortcuts, the iOS and
 * Android QR codes, customer service and the language selector. A column beside the page on
 * wide screens, a drawer on phones (components/layouts/site-layout).
 */
export function SideMenu({
  items,
  showRewards,
  showInvite,
  showMyGames = false,
  downloads,
  customerService,
  language,
}: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="side-menu">
      <nav aria-label={t('nav.categories')}>
        <ul className="side-menu__list">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                className="side-menu__link"
                to={item.to}
                aria-current={isActive(item, pathname, search) ? 'page' : undefined}
              >
                {itemIcon(item.key)}
                <span>{t(`nav.${item.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {showRewards || showInvite || showMyGames ? (
        <nav aria-label={t('nav.shortcuts')}>
          <ul className="side-menu__list side-menu__list--shortcuts">
            {showMyGames ? (
              <>
                <li>
                  <Link
                    className="side-menu__link side-menu__link--shortcut"
                    to="/favorite"
                    aria-current={pathname === '/favorite' ? 'page' : undefined}
                  >
                    <HeartIcon />
                    <span>{t('nav.favorite')}</span>
                  </Link>
                </li>
                <li>
                  <Link
                    className="side-menu__link side-menu__link--shortcut"
                    to="/recent"
                    aria-current={pathname === '/recent' ? 'page' : undefined}
                  >
                    <ClockIcon />
                    <span>{t('nav.recent')}</span>
                  </Link>
                </li>
              </>
            ) : null}
            {showRewards ? (
              <li>
                {/* Member-only: a visitor is sent to log in by the route guard (§4). */}
                <Link className="side-menu__link side-menu__link--shortcut" to="/member?page=rewardCenter">
                  <GiftIcon />
                  <span>{t('nav.rewards')}</span>
                </Link>
              </li>
            ) : null}
            {showInvite ? (
              <li>
                <Link className="side-menu__link side-menu__link--shortcut" to="/member?page=referral">
                  <UsersIcon />
                  <span>{t('nav.inviteFriends')}</span>
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
      {downloads ? <div className="side-menu__section">{downloads}</div> : null}
      {customerService ? <div className="side-menu__section side-menu__cs">{customerService}</div> : null}
      {language ? <div className="side-menu__section">{language}</div> : null}
    </div>
  );
}
