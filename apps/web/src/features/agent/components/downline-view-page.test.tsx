// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessages } from '../../../lib/i18n.ts';
import { fail, ok, stubServer } from '../../auth/components/test-server.ts';
import { DownlineViewPage } from './downline-view-page.tsx';

const none = { dividend: 'none', dailySalary: 'none', hourSalary: 'none', realtimeSalary: 'none' };
const row = (id: number, username: string, extra: Record<string, unknown> = {}) => ({
  id,
  username,
  nickname: null,
  type: 0,
  isAgent: false,
  status: 'active',
  depth: 1,
  directCount: 0,
  teamSize: 0,
  balance: '0.00',
  lastLoginAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  contracts: none,
  ...extra,
});
const page = (list: unknown[], path: { id: number; username: string }[]) => ({
  list,
  total: list.length,
  pageNo: 1,
  pageSize: 20,
  path,
});
const me = { id: 1, username: 'agent01' };
const sub = row(2, 'agent02', {
  type: 2,
  isAgent: true,
  directCount: 1,
  teamSize: 1,
  contracts: { ...none, dailySalary: 'active' },
});
const deep = row(3, 'player21', { depth: 2, balance: '19909.60' });

const asked: URL[] = [];

beforeAll(async () => {
  await initI18n('en');
  await Promise.all([loadMessages('agent'), loadMessages('money')]);
});
beforeEach(() => {
  asked.length = 0;
  stubServer((input) => {
    const url = new URL(input, 'http://localhost');
    asked.push(url);
    if (url.pathname === '/wps/agent/account') return fail(500, 'x', 'x');
    if (url.pathname === '/wps/agent/downlines/3') {
      return ok({
        ...deep,
        uplineUsername: 'agent02',
        lastLoginIp: null,
        affiliateCode: null,
        path: [me, { id: 2, username: 'agent02' }, { id: 3, username: 'player21' }],
      });
    }
    if (url.pathname === '/wps/agent/downlines') {
      if (url.searchParams.get('username')) return ok(page([deep], [me]));
      if (url.searchParams.get('parentId') === '2') return ok(page([deep], [me, { id: 2, username: 'agent02' }]));
      return ok(page([sub], [me]));
    }
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DownlineViewPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('downlineManagmentView', () => {
  it('lists the direct downlines with their contracts, opens a sub-agent and walks back by the breadcrumbs', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('agent02')).toBeTruthy();
    expect(within(table).getByText('Daily salary: Active')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('player21'));
    expect(asked.at(-1)!.searchParams.get('parentId')).toBe('2');
    const crumbs = screen.getByRole('navigation', { name: 'Team path' });
    expect(within(crumbs).getByText('agent02').getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(crumbs).getByRole('button', { name: 'agent01' }));
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('agent02'));
    expect(asked.at(-1)!.searchParams.has('parentId')).toBe(false);
  });

  it('searches the team by username and refuses characters the server would refuse', async () => {
    renderPage();
    await screen.findByRole('table');
    const input = screen.getByLabelText('Search username');
    fireEvent.change(input, { target: { value: "pl'ay" } });
    expect(screen.getByText('Letters, digits and _ only.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'play' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('username')).toBe('play'));
    expect(await screen.findByRole('heading', { name: 'Search results' })).toBeTruthy();
  });

  it("shows a downline's details: balance, upline and path", async () => {
    renderPage();
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('player21'));
    // Money with its thousands separator, in the table and the dialog.
    expect(within(screen.getByRole('row', { name: /player21/ })).getByText('19,909.60')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('agent01 › agent02 › player21')).toBeTruthy());
    expect(within(dialog).getByText('19,909.60')).toBeTruthy();
  });
});
