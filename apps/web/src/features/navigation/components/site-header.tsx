import { Component, lazy, Suspense, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseIcon, MenuIcon } from '../../../components/ui/icons.tsx';
import { useMediaQuery, WIDE_QUERY } from '../../../components/layouts/site-layout.tsx';
import type { NavItem, NavLaunch } from '../utils/build-navigation.ts';
import { SiteLogo } from '../../../components/ui/site-logo.tsx';
import './navigation.css';

/**
 * Issue 3 item 11: the header's category row (with every vendor dropdown) shows from 1024 px only;
 * phones, whose categories are in the side menu, neither download nor render it. A wide screen
 * starts its chunk as this module runs, beside the rest of the shell.
 */
const loadCategoryNav = () => import('./category-nav.tsx');
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches) {
  void loadCategoryNav().catch(() => undefined);
}
const CategoryNav = lazy(() => loadCategoryNav().then((m) => ({ default: m.CategoryNav })));

/** The row's chunk failed to load (offline, a new deployment): the side menu still has the categories. */
class NavBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
  const wide = useMediaQuery(WIDE_QUERY);
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
      {wide ? (
        <div className="site-header__nav">
          <NavBoundary>
            <Suspense fallback={null}>
              <CategoryNav items={items} onLaunch={onLaunch} />
            </Suspense>
          </NavBoundary>
        </div>
      ) : null}
    </header>
  );
}
