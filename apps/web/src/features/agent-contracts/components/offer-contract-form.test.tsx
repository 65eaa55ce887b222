// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ok, stubServer } from '../../auth/components/test-server.ts';

/** The merchant runs dividends and hourly salary only (§2 contract settings). */
vi.mock('../../system/api/get-status.ts', () => ({
  useSwitches: () => ({
    AGENTPOLICY3: true,
    SIGNCONDIV3: true,
    DAILYSALCONT3: false,
    HOURSAL3: true,
    RTSALARY3: false,
  }),
}));

const { OfferContractForm } = await import('./offer-contract-form.tsx');

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('offering a contract', () => {
  it('lists only the kinds the merchant runs', async () => {
    stubServer((url) =>
      url.startsWith('/wps/agent/contracts/') ? ok({ list: [], total: 0, pageNo: 1, pageSize: 20 }) : undefined,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <OfferContractForm username="player01" />
      </QueryClientProvider>,
    );
    const select = await screen.findByRole('combobox', { name: 'Contract' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).toEqual(['dividend', 'hourly_salary']);
    expect((select as HTMLSelectElement).value).toBe('dividend');
  });
});
