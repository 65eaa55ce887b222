// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import InboxPage from './inbox-page.tsx';
import MenuUnreadBadge, { UnreadBadge } from './unread-badge.tsx';

const session = vi.hoisted(() => ({ role: 'member' }));
vi.mock('../../auth/hooks/use-session.ts', () => ({ useSession: () => session }));

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.role = 'member';
  sessionStore.setToken('t'.repeat(64));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const entry = (id: string, read: boolean, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'deposit.approved',
  title: `Title ${id}`,
  body: `Body ${id}`,
  html: false,
  reference: {},
  read,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...extra,
});

/** A server with messages 2 (unread, operator HTML) and 1 (read); records what was posted. */
function stubServer() {
  let messages = [
    entry('2', false, { kind: 'operator.message', html: true, body: '<p>Hi <b>there</b></p><script>x()</script>' }),
    entry('1', true),
  ];
  const posts: { url: string; body: unknown }[] = [];
  const unread = () => messages.filter((m) => !m.read).length;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { ids: string[] };
      posts.push({ url, body });
      if (url.startsWith('/wps/member/inbox/read'))
        messages = messages.map((m) => (body.ids.includes(m.id) ? { ...m, read: true } : m));
      if (url.startsWith('/wps/member/inbox/delete')) messages = messages.filter((m) => !body.ids.includes(m.id));
      return ok({ unread: unread(), deleted: body.ids.length });
    }
    if (url.startsWith('/wps/member/inbox/unread')) return ok({ unread: unread(), value: unread() });
    if (url.startsWith('/wps/member/inbox'))
      return ok({ list: messages, total: messages.length, pageNo: 1, pageSize: 20, unread: unread() });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posts, fetchMock };
}

function renderWith(node: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('InboxPage', () => {
  it('opens a message (sanitised HTML), marks it read and recounts the menu badge', async () => {
    const { posts } = stubServer();
    renderWith(
      <>
        <MenuUnreadBadge />
        <InboxPage />
      </>,
    );
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('1');
    fireEvent.click(await screen.findByRole('button', { name: /^Title 2/ }));
    await waitFor(() => expect(posts).toEqual([{ url: '/wps/member/inbox/read', body: { ids: ['2'] } }]));
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    const body = document.getElementById('inbox-body-2')!;
    expect(body.innerHTML).toContain('<b>there</b>');
    expect(body.innerHTML).not.toContain('script');
  });

  it('deletes only after confirmation', async () => {
    const { posts } = stubServer();
    renderWith(<InboxPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Title 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Title 1' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete this message?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Title 1')).toBeNull());
    expect(posts).toEqual([{ url: '/wps/member/inbox/delete', body: { ids: ['1'] } }]);
  });

  it('shows the empty state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ list: [], total: 0, pageNo: 1, pageSize: 20, unread: 0 })),
    );
    renderWith(<InboxPage />);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });
});

describe('unread badges', () => {
  it('shows nothing at 0 and 99+ above 99', () => {
    const { container } = renderWith(<UnreadBadge count={0} />);
    expect(container.textContent).toBe('');
    renderWith(<UnreadBadge count={120} />);
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
  });

  it('§4: shows no badge to a trial account and never asks', async () => {
    session.role = 'trial';
    const { fetchMock } = stubServer();
    renderWith(<MenuUnreadBadge />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
