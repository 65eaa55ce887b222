import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDS_DEFAULT_PAGE_SIZE } from '@khela/contracts';
import { DateRangeFilter } from '../../agent/components/date-range-filter.tsx';
import { useMerchantTimeZone } from '../../agent/api/agent-team.ts';
import { lastDays, type DateRange } from '../../agent/components/date-range.ts';
import '../messages.ts';

/** A report's filter state: the period (default: the merchant's last 7 days), an optional downline, the page. */
export function useReportFilter() {
  const timeZone = useMerchantTimeZone();
  const [range, setRangeState] = useState<DateRange>(() => lastDays(7, new Date(), timeZone));
  const [downline, setDownlineState] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const query = {
    from: range.from,
    to: range.to,
    pageNo: String(pageNo),
    pageSize: String(RECORDS_DEFAULT_PAGE_SIZE),
    ...(downline ? { downline } : {}),
  };
  return {
    timeZone,
    range,
    downline,
    pageNo,
    setPageNo,
    query,
    setRange: (next: DateRange) => {
      setRangeState(next);
      setPageNo(1);
    },
    setDownline: (next: string) => {
      setDownlineState(next.trim());
      setPageNo(1);
    },
  };
}
export type ReportFilterState = ReturnType<typeof useReportFilter>;

/** The period filter with the §9 shortcuts and a downline field (applied on submit). */
export function ReportFilter({ filter, withDownline = true }: { filter: ReportFilterState; withDownline?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(filter.downline);
  return (
    <DateRangeFilter value={filter.range} onChange={filter.setRange} timeZone={filter.timeZone}>
      {withDownline ? (
        <form
          className="agent-filter__downline"
          onSubmit={(event) => {
            event.preventDefault();
            filter.setDownline(draft);
          }}
        >
          <label className="agent-filter__field" htmlFor={id}>
            <span>{t('agentReports.downline')}</span>
            <input
              id={id}
              type="search"
              value={draft}
              maxLength={64}
              autoComplete="off"
              placeholder={t('agentReports.downlineHint')}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <button type="submit" className="button">
            {t('agentReports.apply')}
          </button>
        </form>
      ) : null}
    </DateRangeFilter>
  );
}
