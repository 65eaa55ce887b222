// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SystemStatus } from '@khela/contracts';
import { i18next, initI18n } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DEMO_MERCHANT } from '../testing.ts';
import { StatusGate } from './status-gate.tsx';

const info: SystemStatus['info'] = {
  merchant: DEMO_MERCHANT,
  customerService: [
    { id: 1, csType: 'LIVECHAT', csPosition: 'FLOAT', title: 'Live chat', url: 'https://support.example/chat' },
  ],
  domainRoute: [],
  resources: [],
  whitelabel: [],
  register: {},
  mainDomain: 'khela.example',
  analytics: { gtagId: null },
  imageCDNs: [],
  launchGameCDNs: [],
  referralProgramme: false,
};
const base = { maintenance: null, regionRestriction: false, location: { ip: '203.0.113.9', country: 'BD' }, info };

let answer: SystemStatus;
beforeAll(async () => {
  localStorage.setItem('language', 'en');
  await initI18n('en');
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, value: answer }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderGate() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StatusGate>
        <p>the site</p>
      </StatusGate>
    </QueryClientProvider>,
  );
}

describe('StatusGate (§4)', () => {
  it('renders the site when the status is normal', async () => {
    answer = { ...base, status: 0 };
    renderGate();
    expect(await screen.findByText('the site')).toBeTruthy();
  });

  it('shows maintenance with the end time, the info text and customer service (§2)', async () => {
    const endsAt = '2026-11-23T02:57:00.000Z';
    answer = {
      ...base,
      status: 1,
      maintenance: { startsAt: '2026-11-22T22:00:00.000Z', endsAt, message: 'Upgrading payments.' },
    };
    renderGate();
    const page = await screen.findByTestId('maintenance-page');
    expect(within(page).getByRole('heading', { name: 'System maintenance' })).toBeTruthy();
    const time = formatDateTime(endsAt, 'en');
    expect(time).toMatch(/GMT[+-]\d/);
    expect(within(page).getByText(time)).toBeTruthy();
    expect(within(page).getByText('Upgrading payments.')).toBeTruthy();
    expect(
      within(page)
        .getByRole('link', { name: /Customer service/ })
        .getAttribute('href'),
    ).toBe('https://support.example/chat');
    expect(screen.queryByText('the site')).toBeNull();
  });

  it('says the site will be back soon when the end time is unknown', async () => {
    answer = { ...base, status: 1, maintenance: { startsAt: '2026-11-22T22:00:00.000Z', endsAt: null, message: '' } };
    renderGate();
    expect(await screen.findByText('We will be back soon.')).toBeTruthy();
  });

  it('shows the region block with the visitor’s IP and customer service', async () => {
    answer = { ...base, status: 2, regionRestriction: true };
    renderGate();
    const page = await screen.findByTestId('region-block-page');
    expect(within(page).getByRole('heading', { name: 'Access restricted' })).toBeTruthy();
    expect(within(page).getByText('203.0.113.9')).toBeTruthy();
    expect(within(page).getByRole('link', { name: /Customer service/ })).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Check again' })).toBeTruthy();
  });

  it('lets maintenance win over the region block', async () => {
    answer = {
      ...base,
      status: 2,
      regionRestriction: true,
      maintenance: { startsAt: '2026-11-22T22:00:00.000Z', endsAt: null, message: 'Back soon' },
    };
    renderGate();
    expect(await screen.findByTestId('maintenance-page')).toBeTruthy();
  });

  it('keeps the site mounted while the status loads again in a new language', async () => {
    answer = { ...base, status: 0 };
    renderGate();
    const site = await screen.findByText('the site');
    let release: () => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(
                new Response(JSON.stringify({ success: true, value: answer }), {
                  status: 200,
                  headers: { 'content-type': 'application/json' },
                }),
              );
          }),
      ),
    );
    await act(() => i18next.changeLanguage('bn'));
    expect(screen.getByText('the site')).toBe(site);
    expect(document.querySelector('.loading-cover')).toBeNull();
    await act(async () => release());
    expect(screen.getByText('the site')).toBe(site);
    await act(() => i18next.changeLanguage('en'));
  });
});
