// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { LiveHostsPage } from './live-page.tsx';

const HOSTS = [
  {
    modelId: 1,
    name: 'Nusrat',
    avatarUrl: '/demo/host-1.svg',
    online: true,
    viewers: 1284,
    tags: ['cricket', 'bn', 'Quiz night'],
  },
  { modelId: 4, name: 'Mim', avatarUrl: '/demo/host-4.svg', online: false, viewers: 0, tags: [] },
];
const reply = (json: unknown, status = 200) =>
  new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
let hosts: unknown[];
const fetchMock = vi.fn(async (url: string) => {
  if (url.startsWith('/wps/relay/CBS_modelList')) return reply({ success: true, code: '0', message: '', value: hosts });
  if (url.startsWith('/wps/relay/CBS_launchChat'))
    return reply({ success: true, code: '0', message: '', value: { chatUrl: '/sandbox/chat?ticket=abc' } });
  return reply({ success: false, code: 'request.not_found', message: 'Not found', value: null }, 404);
});

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  hosts = HOSTS;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
  await changeLanguage('en');
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LiveHostsPage />
    </QueryClientProvider>,
  );

describe('LiveHostsPage', () => {
  it('lists the hosts with their status, viewers and tags; offline hosts cannot be chatted with', async () => {
    sessionStore.setToken('t'.repeat(64));
    renderPage();
    const nusrat = await screen.findByRole('article', { name: 'Nusrat' });
    expect(within(nusrat).getByText('Live')).toBeTruthy();
    expect(within(nusrat).getByText('1284 watching')).toBeTruthy();
    expect(within(nusrat).getByText('Cricket')).toBeTruthy();
    const mim = screen.getByRole('article', { name: 'Mim' });
    expect((within(mim).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the returned chat URL in a framed dialog', async () => {
    sessionStore.setToken('t'.repeat(64));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Chat with Nusrat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Nusrat' });
    const frame = within(dialog).getByTitle('Chat room of Nusrat') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/sandbox/chat?ticket=abc');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('CBS_launchChat?modelId=1'))).toBe(true);
  });

  it('asks a visitor to log in instead of chatting', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Log in to chat' })).toBeTruthy();
  });

  it('says so when no host is listed, in Bengali too', async () => {
    hosts = [];
    await changeLanguage('bn');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'এই মুহূর্তে কোনো হোস্ট নেই' })).toBeTruthy();
  });

  it("shows the tags it knows as codes in the member's language, any other as typed", async () => {
    await changeLanguage('bn');
    renderPage();
    const nusrat = await screen.findByRole('article', { name: 'Nusrat' });
    const tags = within(nusrat)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(tags).toEqual(['ক্রিকেট', 'বাংলা', 'Quiz night']);
  });
});
