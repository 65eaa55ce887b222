// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_MERCHANT } from '../../features/system/testing.ts';
import { initI18n } from '../../lib/i18n.ts';
import { closeModal, useModal } from '../../stores/modals.ts';
import { SiteRoot } from './site-root.tsx';

/** The boot call's answer (§7 `/wps/system/status`), trimmed to what the shell reads. */
const status = {
  status: 0,
  maintenance: null,
  regionRestriction: false,
  location: { ip: '203.0.113.9', country: 'BD' },
  info: {
    merchant: DEMO_MERCHANT,
    customerService: [
      { id: 1, csType: 'LIVECHAT', csPosition: 'FLOAT', title: '24/7 live chat', url: 'https://support.example/chat' },
    ],
    domainRoute: [],
    resources: [
      { id: 1, resourceType: 'Android', url: '/downloads/app.apk', label: 'Android app' },
      { id: 2, resourceType: 'IOS', url: '/downloads/app.ipa', label: 'iPhone app' },
      { id: 3, resourceType: 'TELEGRAM', url: 'https://t.me/khela', label: 'Telegram' },
    ],
    whitelabel: [{ modId: 'REWCEN3', enabled: '1', name: 'Reward centre', childrenNodes: [] }],
    register: {},
    mainDomain: 'khela.example',
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    referralProgramme: false,
  },
};

const articles = [
  { tag: 'deposit', title: 'How to deposit', content: '<p>…</p>' },
  { tag: 'terms of use', title: 'Terms and conditions', content: '<p>…</p>' },
];

const requests: string[] = [];
function reply(json: unknown, statusCode = 200) {
  return new Response(JSON.stringify(json), { status: statusCode, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  requests.length = 0;
  // jsdom has no scrolling; the §2 scroll-to-top after a navigation is tested in use-route-effects.
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url === '/wps/system/status') return reply({ success: true, value: status });
      if (url.startsWith('/wps/system/helpCenter')) return reply({ success: true, value: articles });
      return reply({ success: false, value: null, code: 'request.not_found', message: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  act(() => closeModal());
  cleanup();
  vi.unstubAllGlobals();
});

function ModalProbe() {
  const modal = useModal();
  return <output data-testid="modal">{modal?.name ?? 'none'}</output>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        element: <SiteRoot />,
        children: [
          { index: true, element: <h1>home page</h1> },
          { path: 'seamless', element: <h1>game page</h1> },
          { path: 'vnLottery', element: <h1>lottery page</h1> },
          { path: 'promotions', element: <h1>promotions page</h1> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ModalProbe />
    </QueryClientProvider>,
  );
  return router;
}

describe('site footer (§2)', () => {
  it('renders the help links of the help call as /help#<tag>', async () => {
    renderAt('/');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 10_000 }); // rendered just after the first paint
    const deposit = await within(footer).findByRole('link', { name: 'How to deposit' });
    expect(deposit.getAttribute('href')).toBe('/help#deposit');
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      '/help#terms%20of%20use',
    );
    expect(requests.some((url) => url.startsWith('/wps/system/helpCenter?') && url.includes('lang=en'))).toBe(true);
  });

  it('carries the affiliate link, the feedback entry, social links and the 18+ notice', async () => {
    renderAt('/');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 10_000 }); // rendered just after the first paint
    expect(within(footer).getByRole('link', { name: 'Become an affiliate' }).getAttribute('href')).toBe('/agent');
    expect(await within(footer).findByRole('link', { name: /Telegram/ })).toBeTruthy();
    expect(within(footer).getByText(/at least 18 years old/)).toBeTruthy();
    fireEvent.click(within(footer).getByRole('button', { name: 'Feedback' }));
    expect(screen.getByTestId('modal').textContent).toBe('feedback');
  });

  it('falls back to the help centre link when the help call fails, never an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/wps/system/status'
          ? reply({ success: true, value: status })
          : reply({ success: false, value: null, code: 'server.unknown_error', message: 'Unknown error' }, 500),
      ),
    );
    renderAt('/');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 10_000 }); // rendered just after the first paint
    expect(within(footer).getByRole('link', { name: 'Help centre' }).getAttribute('href')).toBe('/help');
    expect(within(footer).queryByRole('alert')).toBeNull();
  });
});

describe('site shell (§2)', () => {
  it('shows Home first and Promotions last in the top navigation, and only those without vendors', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(min-width: 1024px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderAt('/');
    // A row of the wide header only, loaded with it (issue 3 item 11).
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10_000 });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Promotions']);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
  });

  it('shows the side menu with the rewards shortcut, customer service and the QR codes', async () => {
    renderAt('/');
    const side = screen.getByRole('complementary', { name: 'Side menu' });
    expect(await within(side).findByRole('link', { name: 'Rewards' })).toBeTruthy();
    expect(within(side).queryByRole('link', { name: 'Invite friends' })).toBeNull();
    await waitFor(() => expect(within(side).getAllByRole('img', { name: /QR code/ })).toHaveLength(2));
    expect(
      within(side)
        .getByRole('link', { name: /Customer service/ })
        .getAttribute('href'),
    ).toBe('https://support.example/chat');
  });

  it("shows the invite shortcut while the merchant's referral programme pays", async () => {
    status.info.referralProgramme = true;
    try {
      renderAt('/');
      const side = screen.getByRole('complementary', { name: 'Side menu' });
      const invite = await within(side).findByRole('link', { name: 'Invite friends' });
      expect(invite.getAttribute('href')).toBe('/member?page=referral');
    } finally {
      status.info.referralProgramme = false;
    }
  });

  it('hides the side menu on game pages', async () => {
    const router = renderAt('/seamless');
    expect(screen.getByRole('heading', { name: 'game page' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).toBeNull();
    await act(() => router.navigate('/promotions'));
    expect(screen.getByRole('complementary', { name: 'Side menu' })).toBeTruthy();
    await act(() => router.navigate('/vnLottery'));
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).toBeNull();
  });

  it('gives visitors log-in and sign-up buttons that open their modals', () => {
    renderAt('/');
    const header = screen.getByRole('banner');
    fireEvent.click(within(header).getByRole('button', { name: 'Log in' }));
    expect(screen.getByTestId('modal').textContent).toBe('login');
    fireEvent.click(within(header).getByRole('button', { name: 'Sign up' }));
    expect(screen.getByTestId('modal').textContent).toBe('register');
  });

  it('leaves the category row out of the header on phones (the side menu has the categories)', async () => {
    renderAt('/');
    const header = screen.getByRole('banner');
    await screen.findByRole('contentinfo', {}, { timeout: 10_000 }); // the shell's later parts have rendered
    expect(within(header).queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('has a skip link to the main region', () => {
    renderAt('/');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });
});
