import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseIcon, MenuIcon } from '../../../components/ui/icons.tsx';
import type { NavItem, NavLaunch } from '../utils/build-navigation.ts';
import { CategoryNav } from './category-nav.tsx';
import { SiteLogo } from '../../../components/ui/site-logo.tsx';
import './navigation.css';

export interface SiteHeaderProps {
  siteName: string;
  items: NavItem[];
  /** The drawer button; absent where the side menu is hidden (§2 game pages). */
  menu?: { open: boolean; controls: string; toggle: () => void; ref: Ref<HTMLButtonElement> };
  /** Language switch, theme switch and the account corner. */
  actions: ReactNode;
  /** Starts a vendor's game from its dropdown entry (§4). */
  onLaunch?: (game: NavLaunch) => void;
}

/**
 * §2 header: logo, the category navigation with vendor dropdowns (a row of its own on wide
 * screens; on phones the categories live in the side-menu drawer), and the actions.
 */
export function SiteHeader({ siteName, items, menu, actions, onLaunch }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        {menu ? (
          <button
            ref={menu.ref}
            type="button"
            className="icon-button site-header__menu"
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            aria-label={menu.open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={menu.toggle}
          >
            {menu.open ? <CloseIcon /> : <MenuIcon />}
          </button>
        ) : null}
        <Link className="site-header__logo" to="/" aria-label={t('header.homeLink', { name: siteName })}>
          <SiteLogo name={siteName} />
        </Link>
        <div className="site-header__actions">{actions}</div>
      </div>
      <div className="site-header__nav">
        <CategoryNav items={items} onLaunch={onLaunch} />
      </div>
    </header>
  );
}
