// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
import { PagedTable } from './paged-table.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('DateRangeFilter', () => {
  it('moves the period back by 7 days and refuses an inverted range', () => {
    const onChange = vi.fn();
    render(<DateRangeFilter value={{ from: '2026-02-01', to: '2026-02-07' }} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous 7 days' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-01-25', to: '2026-01-31' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-10' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-02-01', to: '2026-02-10' });
  });
});

describe('PagedTable', () => {
  const columns = [{ key: 'name', header: 'Name', value: (row: { name: string }) => row.name }];
  it('shows the empty state, then rows with paging', () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <PagedTable caption="Members" columns={columns} rows={[]} rowKey={(r) => r.name} csvName="members" />,
    );
    expect(screen.getByText('Nothing to show for this period.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <PagedTable
        caption="Members"
        columns={columns}
        rows={[{ name: 'rahim' }]}
        rowKey={(r) => r.name}
        pageNo={1}
        pageSize={1}
        total={3}
        onPage={onPage}
      />,
    );
    expect(screen.getByRole('cell', { name: 'rahim' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
