import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { isActive, type NavItem, type NavLaunch } from '../utils/build-navigation.ts';
import { VendorIcon } from './vendor-icon.tsx';
import './navigation.css';

/**
 * §2 header navigation: the categories of `buildNavigation` (Home first, Promotions last), each
 * category with a dropdown of its vendors. The dropdown opens on hover and from its own button
 * (keyboard: Enter/Space to open, Escape to close, arrow keys within). A vendor with a game of
 * its own (§4: not RNG or FISH) starts it through `onLaunch`; the others open their list.
 */
export function CategoryNav({ items, onLaunch }: { items: NavItem[]; onLaunch?: (game: NavLaunch) => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <nav className="category-nav" aria-label={t('nav.primary')}>
      <ul className="category-nav__list">
        {items.map((item) => (
          <CategoryItem key={item.key} item={item} active={isActive(item, pathname, search)} onLaunch={onLaunch} />
        ))}
      </ul>
    </nav>
  );
}

function CategoryItem({
  item,
  active,
  onLaunch,
}: {
  item: NavItem;
  active: boolean;
  onLaunch?: (game: NavLaunch) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const label = t(`nav.${item.key}`);
  const { pathname, search } = useLocation();

  // A navigation closes the dropdown.
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const links = () => [...(root.current?.querySelectorAll<HTMLElement>('.category-nav__vendor') ?? [])];
  const onMenuKey = (event: React.KeyboardEvent) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      all[(index + 1) % all.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      all[(index - 1 + all.length) % all.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      all[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      all.at(-1)?.focus();
    }
  };

  return (
    <li
      ref={root}
      className={`category-nav__item${item.vendors.length ? ' category-nav__item--has-menu' : ''}`}
      data-open={open || undefined}
      onBlur={(event) => {
        if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
      onKeyDown={open ? onMenuKey : undefined}
    >
      <Link className="category-nav__link" to={item.to} aria-current={active ? 'page' : undefined} data-nav={item.key}>
        {label}
      </Link>
      {item.vendors.length > 0 ? (
        <>
          <button
            ref={button}
            type="button"
            className="category-nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={t('nav.vendorsOf', { category: label })}
            onClick={() => setOpen((value) => !value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                setOpen(true);
                requestAnimationFrame(() => links()[0]?.focus());
              }
            }}
          >
            <ChevronDownIcon size={16} />
          </button>
          <ul id={menuId} className="category-nav__menu" aria-label={t('nav.vendorsOf', { category: label })}>
            {item.vendors.map((vendor) => {
              const content = (
                <>
                  {vendor.icon ? <VendorIcon src={vendor.icon} /> : null}
                  <span>{vendor.name}</span>
                </>
              );
              const launch = vendor.launch;
              return (
                <li key={vendor.vassalage}>
                  {launch && onLaunch ? (
                    <button
                      type="button"
                      className="category-nav__vendor"
                      onClick={() => {
                        setOpen(false);
                        onLaunch(launch);
                      }}
                    >
                      {content}
                    </button>
                  ) : (
                    <Link className="category-nav__vendor" to={vendor.to}>
                      {content}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </li>
  );
}
