// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessages } from '../../lib/i18n.ts';
import type { Role } from '../../features/auth/utils/roles.ts';

const session: { role: Role } = { role: 'visitor' };
vi.mock('../../features/auth/hooks/use-session.ts', () => ({
  useSession: () => ({
    token: session.role === 'visitor' ? null : 't',
    info: undefined,
    role: session.role,
    loading: false,
  }),
}));
const { default: AgentRoute } = await import('./agent.tsx');

beforeAll(async () => {
  await initI18n('en');
  await Promise.all([loadMessages('pages'), loadMessages('auth')]);
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'request.not_found', message: 'Not found', value: null }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRoute() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/agent']}>
        <AgentRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/agent (§2 agent landing)', () => {
  it.each(['member', 'trial'] as const)(
    'tells a signed-in %s this account is not an agent, beside the form',
    (role) => {
      session.role = role;
      renderRoute();
      expect(screen.getByRole('alert').textContent).toBe('This account is not an agent.');
      expect(screen.getByRole('button', { name: /log in/i })).toBeTruthy();
    },
  );

  it('shows a visitor the agent log-in form without the notice', () => {
    session.role = 'visitor';
    renderRoute();
    expect(screen.queryByText('This account is not an agent.')).toBeNull();
  });
});
