import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POINT_TYPES, pointAdminEndpoints as points, type ValueOf } from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatTime } from '../format.ts';
import { Failed, Loading } from '../components/states.tsx';
import {
  engagementFormErrors,
  POINT_CODE_FIELDS,
  pointConfigInputFrom,
  pointConfigValues,
} from './engagement-logic.ts';
import { NO_ERRORS, SpecForm, type FieldSpec } from './engagement-form.tsx';

type PointConfig = ValueOf<typeof points.configGet>;

// One row per point type: how much valid bet, deposit or (redeem) cash goes with how many points.
const POINT_FIELDS: FieldSpec[] = [
  { kind: 'check', name: 'enabled', label: 'engagement.pointsEnabled' },
  { kind: 'check', name: 'cashToPoints', label: 'engagement.cashToPoints' },
  { kind: 'check', name: 'pointsToCash', label: 'engagement.pointsToCash' },
  {
    kind: 'group',
    legend: 'engagement.rates',
    error: 'rates',
    fields: POINT_TYPES.map((type): FieldSpec => ({
      kind: 'group',
      legend: `engagement.pointType.${type}`,
      fields: [
        { kind: 'decimal', name: `rates.${type}.amount`, label: 'engagement.rateAmount' },
        { kind: 'number', name: `rates.${type}.points`, label: 'engagement.ratePoints', min: 1 },
      ],
    })),
  },
];

/** Issue 16 item 6: the points programme — on or off, conversions and the rate table (the rates sent replace all). */
export function PointSettings() {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['point-config'], queryFn: () => call(points.configGet) });
  const mutation = useMutation({
    mutationFn: (body: ReturnType<typeof pointConfigInputFrom>) => call(points.configUpdate, { body }),
    onSuccess: (saved) => queryClient.setQueryData(['point-config'], saved),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed message={query.error.message} onRetry={() => void query.refetch()} />;
  const config: PointConfig = query.data;
  return (
    <>
      <p className="hint">
        {t('engagement.pointsHint')}
        {config.earnedThrough &&
          ` ${t('engagement.earnedThrough', { at: formatTime(config.earnedThrough, language) })}`}
      </p>
      {mutation.isSuccess && (
        <p className="notice" role="status">
          {t('engagement.pointsSaved')}
        </p>
      )}
      <SpecForm
        key={JSON.stringify(config)}
        specs={POINT_FIELDS}
        values={pointConfigValues(config)}
        errors={mutation.isError ? engagementFormErrors(mutation.error, t('app.error'), POINT_CODE_FIELDS) : NO_ERRORS}
        pending={mutation.isPending}
        submitLabel={t('engagement.save')}
        onSubmit={(form) => mutation.mutate(pointConfigInputFrom(form))}
        onCancel={() => mutation.reset()}
      />
    </>
  );
}
