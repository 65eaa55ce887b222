// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { closeModal, openModal } from '../stores/modals.ts';
import { ModalHost, RouteModalOpener } from './modal-host.tsx';

const time = '2026-01-01T10:00:00+06:00';
function announcement(id: number, execution: 'A' | 'B' | 'F' | null) {
  return {
    id,
    type: 'PU',
    title: `Popup ${id}`,
    content: `<p>Body ${id}</p><script>alert(1)</script>`,
    execution,
    time,
    announcementImages: [],
  };
}
let popups: ReturnType<typeof announcement>[] = [];

function reply(json: unknown, status = 200) {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  popups = [];
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/wps/relay/MCSFE_getListAnnouncements')) {
        return reply({
          success: true,
          value: { banners: {}, player: [], popup: popups, promotion: [], announcements: [] },
        });
      }
      if (url.startsWith('/wps/system/helpCenter')) {
        return reply({
          success: true,
          value: [
            { tag: 'about', title: 'About us', content: '<p>We are Khela.</p>' },
            { tag: 'deposit', title: 'How to deposit', content: '<p>Use bKash.</p>' },
          ],
        });
      }
      return reply({ success: false, value: null, code: 'request.not_found', message: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  act(() => closeModal());
  cleanup();
  vi.unstubAllGlobals();
});

function renderHost(children: React.ReactNode = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {children}
      <ModalHost />
    </QueryClientProvider>,
  );
}

describe('ModalHost', () => {
  it('opens the real log-in modal for the account modals, and closes it', async () => {
    renderHost();
    act(() => openModal('login'));
    // The dialog frame and the form are lazy chunks: the first test to open one transforms them.
    const dialog = await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 10_000 });
    expect(await within(dialog).findByLabelText(/Username/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).getByLabelText(/Password/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it('loads a registered body lazily, with its props', async () => {
    renderHost();
    act(() => openModal('help', { tag: 'deposit' }));
    await screen.findByRole('dialog', { name: 'Help centre' }, { timeout: 10_000 });
    const panel = await screen.findByRole('tabpanel');
    expect(panel.textContent).toContain('Use bKash.');
    expect(screen.getByRole('tab', { name: 'How to deposit' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the login or register modal asked for by navigation state, once', async () => {
    const router = createMemoryRouter([{ path: '/', element: <RouteModalOpener /> }], {
      initialEntries: [{ pathname: '/', state: { modal: 'register' } }],
    });
    renderHost(<RouterProvider router={router} />);
    await screen.findByRole('dialog', { name: 'Sign up' }, { timeout: 10_000 });
    // The state is cleared, so a reload or a back navigation does not open it again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });
});

describe('popups on load (§4)', () => {
  it('shows a visitor the B popup in the notice modal, and not again once closed', async () => {
    popups = [announcement(1, 'A'), announcement(2, 'B'), announcement(3, 'F')];
    const first = renderHost();
    const dialog = await screen.findByRole('dialog', { name: 'Popup 2' });
    await waitFor(() => expect(dialog.textContent).toContain('Body 2'));
    expect(dialog.innerHTML).not.toContain('script');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(sessionStorage.getItem('popupClosed.visitor')).toBe('1');
    first.unmount();

    // A new page load in the same session: nothing opens.
    renderHost();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens an on-load popup once its chunk is there, with no loading dialog before it', async () => {
    // Two popups: the announcement list, whose chunk no earlier test has loaded.
    popups = [announcement(2, 'B'), announcement(4, 'B')];
    const titles: string[] = [];
    const watcher = new MutationObserver(() => {
      for (const dialog of document.querySelectorAll('[role="dialog"]')) {
        const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
        if (titles[titles.length - 1] !== title) titles.push(title);
      }
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    renderHost();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.textContent).toContain('Popup 4'));
    watcher.disconnect();
    expect(titles).toHaveLength(1);
    expect(titles).not.toContain('Opening…');
  });

  it('shows a member on first login A and F popups in the announcement list', async () => {
    sessionStorage.setItem('token', 'member-token');
    sessionStorage.setItem('firstTimeLogin', '1');
    popups = [announcement(1, 'A'), announcement(2, 'B'), announcement(3, 'F')];
    renderHost();
    await screen.findByRole('dialog', { name: 'Announcements' }, { timeout: 10_000 });
    const titles = await screen.findByRole('list', { name: 'Announcement titles' });
    expect([...titles.querySelectorAll('.announcements__title-text')].map((el) => el.textContent)).toEqual([
      'Popup 1',
      'Popup 3',
    ]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(sessionStorage.getItem('popupClosed.member')).toBe('1');
  });
});
