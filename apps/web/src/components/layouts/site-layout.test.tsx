// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { SiteLayout } from './site-layout.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

/** jsdom has no matchMedia: the layout takes the phone (drawer) form. */
function renderLayout(withMenu = true) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SiteLayout
            header={(menu) => (
              <header>
                {menu ? (
                  <button
                    ref={menu.ref}
                    type="button"
                    aria-expanded={menu.open}
                    aria-controls={menu.controls}
                    onClick={menu.toggle}
                  >
                    menu
                  </button>
                ) : null}
              </header>
            )}
            sideMenu={withMenu ? <Link to="/promotions">Promotions</Link> : undefined}
            footer={<footer>footer</footer>}
          >
            <p>page</p>
          </SiteLayout>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('SiteLayout first paint (issue 3 item 11)', () => {
  it('paints the header and the page first; the closed drawer and the footer follow', async () => {
    renderLayout();
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('footer')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Promotions', hidden: true })).toBeNull();
    expect(await screen.findByText('footer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Promotions', hidden: true })).toBeTruthy();
  });
});

describe('SiteLayout drawer (§2 side menu on phones)', () => {
  it('opens as a modal drawer from the header button and closes with Escape, focus back on the button', () => {
    renderLayout();
    const button = screen.getByRole('button', { name: 'menu' });
    const drawer = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(drawer.hasAttribute('inert')).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.hasAttribute('inert')).toBe(false);
    expect(drawer.getAttribute('role')).toBe('dialog');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
    expect(document.querySelector('.site__content')!.hasAttribute('inert')).toBe(true);

    // Browsers ignore focus() on an inert element (jsdom does not): the button must be out of
    // the inert header by the time focus moves back to it.
    const inertWhenFocused: boolean[] = [];
    const focus = button.focus.bind(button);
    button.focus = (options?: FocusOptions) => {
      inertWhenFocused.push(Boolean(button.closest('[inert]')));
      focus(options);
    };
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(inertWhenFocused).toEqual([false]);
    expect(drawer.hasAttribute('inert')).toBe(true);
  });

  it('closes after a navigation from inside it', async () => {
    const router = renderLayout();
    const button = screen.getByRole('button', { name: 'menu' });
    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Promotions' }));
    });
    expect(router.state.location.pathname).toBe('/promotions');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('has no menu button and no side menu when the side menu is hidden', () => {
    renderLayout(false);
    expect(screen.queryByRole('button', { name: 'menu' })).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('main').id).toBe('main');
  });
});
