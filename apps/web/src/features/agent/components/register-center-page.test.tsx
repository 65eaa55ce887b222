// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessages } from '../../../lib/i18n.ts';
import { fail, ok, stubServer } from '../../auth/components/test-server.ts';
import { RegisterCenterPage } from './register-center-page.tsx';

beforeAll(async () => {
  await initI18n('en');
  await Promise.all([loadMessages('agent'), loadMessages('money')]);
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
        <RegisterCenterPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const created = {
  id: 12,
  username: 'newagent1',
  nickname: null,
  type: 2,
  isAgent: true,
  status: 'active',
  depth: 1,
  directCount: 0,
  teamSize: 0,
  balance: '0.00',
  lastLoginAt: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  contracts: { dividend: 'none', dailySalary: 'none', hourSalary: 'none', realtimeSalary: 'none' },
};

describe('registerCenter', () => {
  it('checks the form, asks for confirmation, then opens the account (an E call)', async () => {
    const server = stubServer((url) => (url === '/wps/agent/downlines' ? ok(created) : undefined));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Open account' }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(3);
    fireEvent.click(screen.getByLabelText('Agent'));
    fill('Username', 'newagent1');
    fill('Password', 'Secret@123');
    fill('Confirm password', 'Secret@12');
    fireEvent.click(screen.getByRole('button', { name: 'Open account' }));
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(server.calls.filter((c) => c.includes('/wps/agent/downlines'))).toEqual([]);

    fill('Confirm password', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'Open account' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Account type: Agent. Username: “newagent1”. It will be opened directly under you.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Sealing (RSA key) and the contract form's chunk take a moment on a busy machine.
    expect(await screen.findByText('Account “newagent1” is open.', {}, { timeout: 8000 })).toBeTruthy();
    expect(server.calls).toContain('POST /wps/agent/downlines');
    // The 8 s wait above needs a test timeout beyond vitest's 5 s default.
  }, 15_000);

  it("shows the server's field error under the username and keeps the form", async () => {
    stubServer((url) =>
      url === '/wps/agent/downlines'
        ? fail(409, 'member.already_registered', 'Some fields are not valid.', {
            fields: [{ field: 'username', message: 'This username is already registered.' }],
          })
        : undefined,
    );
    renderPage();
    fill('Username', 'player01');
    fill('Password', 'Secret@123');
    fill('Confirm password', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'Open account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByText('This username is already registered.')).toBeTruthy(), {
      timeout: 8000,
    });
    expect((field('Username') as HTMLInputElement).value).toBe('player01');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the refusal when the agent opens accounts too fast, keeping the form', async () => {
    const message = 'You have opened many accounts in a short time. Please try again in a while.';
    stubServer((url) =>
      url === '/wps/agent/downlines' ? fail(429, 'agent.downline_rate_limited', message) : undefined,
    );
    renderPage();
    fill('Username', 'player99');
    fill('Password', 'Secret@123');
    fill('Confirm password', 'Secret@123');
    fireEvent.click(screen.getByRole('button', { name: 'Open account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toBe(message);
    expect((field('Username') as HTMLInputElement).value).toBe('player99');
  });
});
