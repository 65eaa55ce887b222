// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import RedEnvelopePage from './red-envelope-page.tsx';
import SignUpRewardPage from './sign-up-reward-page.tsx';

const NOW = '2026-11-26T12:00:00.000Z';
const envelope = {
  id: 7,
  title: 'Lucky envelope',
  startsAt: '2026-11-26T11:00:00.000Z',
  endsAt: '2026-11-26T13:00:00.000Z',
  state: 'open',
  pool: '5000.00',
  remaining: '4200.00',
  minGrab: '5.00',
  maxGrab: '88.00',
  turnoverMultiple: 1,
  minDeposit: null,
  depositDays: null,
  grabs: 12,
  serverSeedHash: 'a'.repeat(64),
  serverSeed: null,
  myGrab: null,
};
let signUp: Record<string, unknown>;
const sent: { url: string; body: unknown }[] = [];
const reply = (json: unknown, status = 200) =>
  new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  sent.length = 0;
  signUp = { enabled: true, amount: '131.00', turnoverMultiple: 3, deviceRequired: true, request: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/wps/member/red-envelopes/7/grab'))
        return reply({ success: true, value: { envelopeId: 7, amount: '42.17', turnover: '42.17' } });
      if (url.startsWith('/wps/member/red-envelopes'))
        return reply({ success: true, value: { serverTime: NOW, list: [envelope] } });
      if (url.startsWith('/wps/member/sign-up-reward')) return reply({ success: true, value: signUp });
      if (url.startsWith('/wps/relay/MCSFE_signUpRequestReward'))
        return reply({
          success: true,
          value: {
            ...signUp,
            request: {
              messenger: 'zalo',
              messengerId: '0912345678',
              state: 'pending',
              amount: null,
              reason: null,
              requestedAt: NOW,
              decidedAt: null,
            },
          },
        });
      return reply({ success: false, code: 'request.not_found', message: 'Not found', value: null }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const renderPage = (page: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {page}
    </QueryClientProvider>,
  );

describe('RedEnvelopePage', () => {
  it('counts down to the end, grabs once and shows the amount', async () => {
    renderPage(<RedEnvelopePage />);
    expect(await screen.findByRole('heading', { name: 'Lucky envelope' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/Closes in\s+01:00:0\d/);
    fireEvent.click(screen.getByRole('button', { name: 'Grab the red envelope' }));
    expect(await screen.findByText('You got 42.17!')).toBeTruthy();
    expect(sent.filter((s) => s.url.includes('/grab'))).toHaveLength(1);
  });

  it('speaks Bengali', async () => {
    await changeLanguage('bn');
    renderPage(<RedEnvelopePage />);
    expect(await screen.findByRole('button', { name: 'লাল খাম নিন' })).toBeTruthy();
  });
});

describe('SignUpRewardPage', () => {
  it('checks the number before sending, sends it with the device id and shows the request', async () => {
    renderPage(<SignUpRewardPage />);
    const input = await screen.findByLabelText('Zalo or WhatsApp number');
    fireEvent.click(screen.getByLabelText('Zalo'));
    fireEvent.change(input, { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for the reward' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((s) => s.url.includes('MCSFE_signUpRequestReward'))).toBe(false);
    fireEvent.change(input, { target: { value: '091 234 5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for the reward' }));
    expect(await screen.findByText('Being checked')).toBeTruthy();
    const request = sent.find((s) => s.url.includes('MCSFE_signUpRequestReward'))!.body as Record<string, string>;
    expect(request).toMatchObject({ messenger: 'zalo', messengerId: '091 234 5678' });
    expect(request.deviceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says when the reward is not offered', async () => {
    signUp = { ...signUp, enabled: false, amount: null };
    renderPage(<SignUpRewardPage />);
    expect(await screen.findByText('The sign-up reward is not offered right now.')).toBeTruthy();
  });
});
