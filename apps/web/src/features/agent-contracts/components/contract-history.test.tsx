// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ok, stubServer } from '../../auth/components/test-server.ts';

const { ContractHistoryTable } = await import('./payout-pages.tsx');

const entry = (id: number, action: string, by: unknown, state: string | null) => ({
  id: String(id),
  contractId: '7',
  kind: 'daily_salary',
  member: 'agent02',
  offerer: 'agent01',
  action,
  by,
  state,
  periodStart: null,
  at: '2026-01-01T18:30:00.000Z',
});
let calls: string[] = [];

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  calls = [];
  stubServer((url) => {
    calls.push(url);
    if (url.startsWith('/wps/agent/account')) return ok({ timeZone: 'Asia/Dhaka' });
    if (!url.startsWith('/wps/agent/contracts/history')) return undefined;
    const page = Number(new URL(url, 'http://x').searchParams.get('pageNo'));
    return ok({
      list:
        page === 1
          ? [
              entry(3, 'terminated_rate_rule', 'system', 'terminated'),
              entry(2, 'accepted', { member: 'agent02' }, 'active'),
            ]
          : [entry(1, 'offered', { member: 'agent01' }, 'offered')],
      total: 11,
      pageNo: page,
      pageSize: 10,
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the contract history table (§3 every change kept)', () => {
  it("lists the changes to the agent's contracts of the page's kind, with who made them, and pages", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ContractHistoryTable kind="daily_salary" />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    const ended = await within(table).findByText('Ended: rate above the upline’s');
    expect(ended.closest('tr')?.textContent).toContain('The system');
    expect(within(table).getByText('Accepted').closest('tr')?.textContent).toContain('agent02');
    expect(within(table).getAllByText('agent01 → agent02')).toHaveLength(2);
    expect(calls.find((u) => u.startsWith('/wps/agent/contracts/history'))).toContain('kind=daily_salary');
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(await within(table).findAllByText('Offered')).toHaveLength(2);
    expect(calls.filter((u) => u.startsWith('/wps/agent/contracts/history')).at(-1)).toContain('pageNo=2');
  }, 15_000);
});
