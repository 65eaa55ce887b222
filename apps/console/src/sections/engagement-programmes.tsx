import { useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MISSION_GOAL_KINDS,
  MISSION_MAX_MILESTONES,
  MISSION_STATUSES,
  RAFFLE_STATES,
  REBATE_PRODUCT_TYPES,
  RED_ENVELOPE_STATES,
  luckyAdminEndpoints as lucky,
  missionAdminEndpoints as missions,
  type ValueOf,
} from '@khela/contracts';
import { call } from '../api.ts';
import { productTypeName, useI18n } from '../i18n.tsx';
import { formatAmount, formatCount, formatTime, type Language } from '../format.ts';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import type { Column, Sort } from '../components/data-table.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import type { MessageKey } from '../locales/en.ts';
import {
  engagementFormErrors,
  formValuesOf,
  LUCKY_CODE_FIELDS,
  MISSION_CODE_FIELDS,
  missionInputFrom,
  raffleInputFrom,
  redEnvelopeInputFrom,
} from './engagement-logic.ts';
import { NO_ERRORS, SpecForm, TitleSearch, type FieldSpec } from './engagement-form.tsx';
import { MissionProgress } from './engagement-mission-progress.tsx';

type Mission = ValueOf<typeof missions.list>['list'][number];
type RedEnvelope = ValueOf<typeof lucky.redEnvelopesList>['list'][number];
type Raffle = ValueOf<typeof lucky.rafflesList>['list'][number];
type Page<Row> = { list: Row[]; total: number; pageNo: number; pageSize: number };
type ListQuery = { pageNo: string; pageSize: string; state?: string; q?: string; sort: string; order: 'asc' | 'desc' };
const PAGE_SIZE = 20;

/** A programme's title as the operator reads the console (English when the other is empty). */
type Title = { bn: string; en: string };
const titleIn = (title: Title, language: Language) => title[language] || title.en;

/**
 * One programme list (missions, red envelopes, raffles): paged, filtered by state and title and
 * sorted on the server; a new/edit dialog; and ending one (close, cancel) after a confirmation
 * that says what happens.
 */
function ProgrammeList<Row extends { title: Title }>({
  queryKey,
  fetch,
  states,
  stateLabel,
  defaultSort,
  columns,
  rowKey,
  newLabel,
  editable,
  endable,
  end,
  endLabel,
  endConsequence,
  editor,
  rowActions,
  below,
}: {
  queryKey: string;
  fetch: (query: ListQuery) => Promise<Page<Row>>;
  states: readonly string[];
  stateLabel: (state: string) => string;
  defaultSort: Sort;
  columns: Column<Row>[];
  rowKey: (row: Row) => number;
  newLabel: MessageKey;
  editable: (row: Row) => boolean;
  endable: (row: Row) => boolean;
  end: (row: Row) => Promise<unknown>;
  endLabel: MessageKey;
  endConsequence: (row: Row) => string;
  editor: (row: Row | null, onClose: (saved: Row | null) => void) => ReactNode;
  /** Further buttons of a row, before edit and end. */
  rowActions?: (row: Row) => ReactNode;
  /** Shown under the list (a row's detail). */
  below?: ReactNode;
}) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<{ state?: string; q?: string }>(
    defaultSort,
  );
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [ending, setEnding] = useState<Row | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const titleOf = (row: Row) => titleIn(row.title, language);
  const query = useQuery({
    queryKey: [queryKey, pageNo, filters, sort],
    queryFn: () =>
      fetch({ ...filters, sort: sort.key, order: sort.order, pageNo: String(pageNo), pageSize: String(PAGE_SIZE) }),
    placeholderData: keepPreviousData,
  });
  const ender = useMutation({
    mutationFn: end,
    onSuccess: () => {
      setEnding(null);
      void queryClient.invalidateQueries({ queryKey: [queryKey] });
    },
  });
  const withActions: Column<Row>[] = [
    ...columns,
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('engagement.actions')}</span>,
      cell: (row) => (
        <span className="row-actions">
          {rowActions?.(row)}
          {editable(row) && (
            <button
              type="button"
              aria-label={`${t('engagement.edit')} ${titleOf(row)}`}
              onClick={() => setEditing(row)}
            >
              {t('engagement.edit')}
            </button>
          )}
          {endable(row) && (
            <button
              type="button"
              className="danger"
              aria-label={`${t(endLabel)} ${titleOf(row)}`}
              onClick={() => {
                ender.reset();
                setEnding(row);
              }}
            >
              {t(endLabel)}
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <>
      <div className="filters">
        <TitleSearch value={filters.q ?? ''} maxLength={80} onSearch={(q) => filter({ q })} />
        <FilterSelect
          label={t('engagement.state')}
          anyLabel={t('engagement.all')}
          options={states.map((state) => ({ value: state, label: stateLabel(state) }))}
          value={filters.state ?? ''}
          onChange={(e) => filter({ state: e.target.value || undefined })}
        />
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {t(newLabel)}
        </button>
      </div>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <PagedTable
        query={query}
        caption={t(`engagement.${queryKey}` as MessageKey)}
        columns={withActions}
        rowKey={rowKey}
        rowTestId={(row) => `${queryKey}-${rowKey(row)}`}
        sort={sort}
        onSort={sortBy}
        empty={t('engagement.noneYet')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {below}
      {ending && (
        <ConfirmDialog
          title={`${t(endLabel)}: ${titleOf(ending)}`}
          consequence={<p>{endConsequence(ending)}</p>}
          confirmLabel={t(endLabel)}
          tone="danger"
          pending={ender.isPending}
          error={ender.error}
          onConfirm={() => ender.mutate(ending)}
          onCancel={() => setEnding(null)}
        />
      )}
      {editing &&
        editor(editing === 'new' ? null : editing, (saved) => {
          setEditing(null);
          if (saved) {
            setDone(t('engagement.saved', { title: titleOf(saved) }));
            void queryClient.invalidateQueries({ queryKey: [queryKey] });
          }
        })}
    </>
  );
}

/** Create or edit one programme with a field-spec form; the server's codes land beside their inputs. */
function ProgrammeDialog<Body, Saved>({
  title,
  specs,
  values,
  codeFields,
  save,
  readBody,
  isNew,
  onClose,
}: {
  title: string;
  specs: readonly FieldSpec[];
  values: ReturnType<typeof formValuesOf>;
  codeFields: Record<string, string>;
  save: (body: Body) => Promise<Saved>;
  readBody: (form: Parameters<typeof missionInputFrom>[0]) => Body;
  isNew: boolean;
  onClose: (saved: Saved | null) => void;
}) {
  const { t } = useI18n();
  const mutation = useMutation({ mutationFn: save, onSuccess: (saved) => onClose(saved) });
  return (
    <Dialog title={title} onClose={() => onClose(null)}>
      <SpecForm
        specs={specs}
        values={values}
        errors={mutation.isError ? engagementFormErrors(mutation.error, t('app.error'), codeFields) : NO_ERRORS}
        pending={mutation.isPending}
        submitLabel={t(isNew ? 'engagement.create' : 'engagement.save')}
        onSubmit={(form) => mutation.mutate(readBody(form))}
        onCancel={() => onClose(null)}
      />
    </Dialog>
  );
}

const inAnHour = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const TURNOVER: FieldSpec = {
  kind: 'number',
  name: 'turnoverMultiple',
  label: 'engagement.turnoverMultiple',
  hint: 'engagement.turnoverHint',
  min: 0,
  max: 100,
  required: true,
};

/** Issue 16 item 6: missions with their milestone ladders; closing stops the counting. */
export function Missions() {
  const { t, language } = useI18n();
  const [progressOf, setProgressOf] = useState<Mission | null>(null);
  const goalOf = (m: Mission) =>
    [t(`engagement.goal.${m.goalType}`), ...(m.productTypes ?? []).map((type) => productTypeName(t, type))].join(' · ');
  const columns: Column<Mission>[] = [
    {
      id: 'title',
      header: t('engagement.mission'),
      cell: (m) => <span className="cell-wrap">{titleIn(m.title, language)}</span>,
    },
    { id: 'goal', header: t('engagement.goal'), wide: true, cell: goalOf },
    {
      id: 'window',
      header: t('engagement.window'),
      wide: true,
      sortKey: 'startTime',
      cell: (m) => `${formatTime(m.startTime, language)} – ${formatTime(m.endTime, language)}`,
    },
    { id: 'steps', header: t('engagement.milestones'), cell: (m) => formatCount(m.milestones.length, language) },
    { id: 'participants', header: t('engagement.participants'), cell: (m) => formatCount(m.participants, language) },
    {
      id: 'status',
      header: t('engagement.state'),
      cell: (m) => <span className="badge">{t(`engagement.missionStatus.${m.status}`)}</span>,
    },
  ];
  return (
    <ProgrammeList<Mission>
      queryKey="missions"
      fetch={(query) =>
        call(missions.list, {
          query: { ...query, status: query.state as Mission['status'] | undefined, sort: query.sort as 'id' },
        })
      }
      states={MISSION_STATUSES}
      stateLabel={(state) => t(`engagement.missionStatus.${state as Mission['status']}`)}
      defaultSort={{ key: 'id', order: 'desc' }}
      columns={columns}
      rowKey={(m) => m.missionId}
      newLabel="engagement.newMission"
      editable={(m) => m.status === 'O'}
      endable={(m) => m.status === 'O'}
      end={(m) => call(missions.close, { params: { id: String(m.missionId) } })}
      endLabel="engagement.closeMission"
      endConsequence={(m) =>
        t('engagement.closeMissionConsequence', {
          title: titleIn(m.title, language),
          participants: formatCount(m.participants, language),
        })
      }
      editor={(mission, onClose) => <MissionDialog mission={mission} onClose={onClose} />}
      rowActions={(m) => (
        <button
          type="button"
          aria-label={`${t('engagement.progress')} ${titleIn(m.title, language)}`}
          aria-pressed={progressOf?.missionId === m.missionId}
          onClick={() => setProgressOf(m)}
        >
          {t('engagement.progress')}
        </button>
      )}
      below={progressOf && <MissionProgress mission={progressOf} onClose={() => setProgressOf(null)} />}
    />
  );
}

function MissionDialog({ mission, onClose }: { mission: Mission | null; onClose: (saved: Mission | null) => void }) {
  const { t } = useI18n();
  const [steps, setSteps] = useState(mission?.milestones.length ?? 1);
  const [goal, setGoal] = useState<Mission['goalType']>(mission?.goalType ?? 'deposit');
  const amountGoal = goal !== 'rounds';
  const specs: FieldSpec[] = [
    { kind: 'localized', name: 'title', label: 'engagement.messageTitle', maxLength: 120 },
    { kind: 'localized', name: 'description', label: 'engagement.description', maxLength: 2_000 },
    { kind: 'datetime', name: 'startTime', label: 'engagement.startsAt', required: true },
    { kind: 'datetime', name: 'endTime', label: 'engagement.endsAt', required: true },
    {
      // Issue 14 item 6: valid bet counts every game, some product types or one game; rounds one game.
      kind: 'group',
      legend: 'engagement.whatCounts',
      error: 'goal',
      fields: [
        {
          kind: 'select',
          name: 'goalType',
          label: 'engagement.goal',
          options: MISSION_GOAL_KINDS.map((kind) => ({ value: kind, label: t(`engagement.goal.${kind}`) })),
          value: goal,
          onChange: (e) => setGoal(e.target.value as Mission['goalType']),
        },
        ...(goal === 'deposit'
          ? []
          : [
              {
                kind: 'number',
                name: 'gameId',
                label: 'engagement.gameId',
                hint: goal === 'rounds' ? undefined : 'engagement.gameIdHint',
                min: 1,
                required: goal === 'rounds',
              } satisfies FieldSpec,
            ]),
        ...(goal === 'validBet'
          ? [
              {
                kind: 'checks',
                name: 'productTypes',
                legend: 'engagement.productTypes',
                hint: 'engagement.productTypesHint',
                options: REBATE_PRODUCT_TYPES.map((type) => ({ value: type, label: productTypeName(t, type) })),
              } satisfies FieldSpec,
            ]
          : []),
      ],
    },
    {
      kind: 'rows',
      name: 'milestones',
      legend: 'engagement.milestones',
      rowLabel: 'engagement.milestone',
      count: steps,
      min: 1,
      max: MISSION_MAX_MILESTONES,
      onCount: setSteps,
      columns: [
        {
          kind: amountGoal ? 'decimal' : 'number',
          name: 'target',
          label: amountGoal ? 'engagement.targetAmount' : 'engagement.targetRounds',
          required: true,
        },
        { kind: 'decimal', name: 'rewardAmount', label: 'engagement.rewardAmount', required: true },
        {
          kind: 'number',
          name: 'turnoverMultiple',
          label: 'engagement.turnoverMultiple',
          min: 0,
          max: 50,
          required: true,
        },
      ],
    },
  ];
  return (
    <ProgrammeDialog
      title={t(mission ? 'engagement.editMission' : 'engagement.newMission')}
      specs={specs}
      values={mission ? formValuesOf(mission) : { startTime: inAnHour(0), endTime: inAnHour(24 * 7) }}
      codeFields={MISSION_CODE_FIELDS}
      isNew={!mission}
      readBody={(form) => missionInputFrom(form, steps)}
      save={(body) =>
        mission
          ? call(missions.update, { params: { id: String(mission.missionId) }, body })
          : call(missions.create, { body })
      }
      onClose={onClose}
    />
  );
}

const LUCKY_WINDOW: FieldSpec[] = [
  { kind: 'localized', name: 'title', label: 'engagement.messageTitle', maxLength: 80 },
  { kind: 'datetime', name: 'startsAt', label: 'engagement.startsAt', required: true },
  { kind: 'datetime', name: 'endsAt', label: 'engagement.endsAt', required: true },
];

/** Issue 16 item 6: red envelopes; cancelling returns what is left of the pool to the house. */
export function RedEnvelopes() {
  const { t, language } = useI18n();
  const columns: Column<RedEnvelope>[] = [
    {
      id: 'title',
      header: t('engagement.messageTitle'),
      cell: (e) => <span className="cell-wrap">{titleIn(e.title, language)}</span>,
    },
    {
      id: 'window',
      header: t('engagement.window'),
      wide: true,
      sortKey: 'startsAt',
      cell: (e) => `${formatTime(e.startsAt, language)} – ${formatTime(e.endsAt, language)}`,
    },
    {
      id: 'pool',
      header: t('engagement.pool'),
      cell: (e) => `${formatAmount(e.remaining, language)} / ${formatAmount(e.pool, language)}`,
    },
    { id: 'grabs', header: t('engagement.grabs'), wide: true, cell: (e) => formatCount(e.grabs, language) },
    {
      id: 'state',
      header: t('engagement.state'),
      cell: (e) => <span className="badge">{t(`engagement.luckyState.${e.state}`)}</span>,
    },
  ];
  return (
    <ProgrammeList<RedEnvelope>
      queryKey="redEnvelopes"
      fetch={(query) =>
        call(lucky.redEnvelopesList, {
          query: { ...query, state: query.state as RedEnvelope['state'] | undefined, sort: query.sort as 'id' },
        })
      }
      states={RED_ENVELOPE_STATES}
      stateLabel={(state) => t(`engagement.luckyState.${state as RedEnvelope['state']}`)}
      defaultSort={{ key: 'id', order: 'desc' }}
      columns={columns}
      rowKey={(e) => e.id}
      newLabel="engagement.newRedEnvelope"
      editable={(e) => e.state === 'upcoming'}
      endable={(e) => e.state === 'upcoming' || e.state === 'open'}
      end={(e) => call(lucky.redEnvelopesCancel, { params: { id: String(e.id) } })}
      endLabel="engagement.cancelEvent"
      endConsequence={(e) =>
        t('engagement.cancelRedEnvelopeConsequence', {
          title: titleIn(e.title, language),
          remaining: formatAmount(e.remaining, language),
          grabbed: formatAmount(e.grabbed, language),
        })
      }
      editor={(envelope, onClose) => <RedEnvelopeDialog envelope={envelope} onClose={onClose} />}
    />
  );
}

const RED_ENVELOPE_FIELDS: FieldSpec[] = [
  ...LUCKY_WINDOW,
  { kind: 'decimal', name: 'pool', label: 'engagement.pool', hint: 'engagement.poolHint', required: true },
  { kind: 'decimal', name: 'minGrab', label: 'engagement.minGrab', required: true },
  { kind: 'decimal', name: 'maxGrab', label: 'engagement.maxGrab', required: true },
  TURNOVER,
  {
    kind: 'group',
    legend: 'engagement.whoMayGrab',
    fields: [
      { kind: 'decimal', name: 'minDeposit', label: 'engagement.minDeposit', hint: 'engagement.minDepositHint' },
      { kind: 'number', name: 'depositDays', label: 'engagement.depositDays', min: 1, max: 90 },
    ],
  },
];

function RedEnvelopeDialog({
  envelope,
  onClose,
}: {
  envelope: RedEnvelope | null;
  onClose: (saved: RedEnvelope | null) => void;
}) {
  const { t } = useI18n();
  return (
    <ProgrammeDialog
      title={t(envelope ? 'engagement.editRedEnvelope' : 'engagement.newRedEnvelope')}
      specs={RED_ENVELOPE_FIELDS}
      values={envelope ? formValuesOf(envelope) : { startsAt: inAnHour(1), endsAt: inAnHour(2), turnoverMultiple: 1 }}
      codeFields={LUCKY_CODE_FIELDS}
      isNew={!envelope}
      readBody={redEnvelopeInputFrom}
      save={(body) =>
        envelope
          ? call(lucky.redEnvelopesUpdate, { params: { id: String(envelope.id) }, body })
          : call(lucky.redEnvelopesCreate, { body })
      }
      onClose={onClose}
    />
  );
}

/** Issue 16 item 6: raffles; cancelling before the draw voids every ticket and draws nothing. */
export function Raffles() {
  const { t, language } = useI18n();
  const columns: Column<Raffle>[] = [
    {
      id: 'title',
      header: t('engagement.messageTitle'),
      cell: (r) => <span className="cell-wrap">{titleIn(r.title, language)}</span>,
    },
    {
      id: 'window',
      header: t('engagement.window'),
      wide: true,
      sortKey: 'startsAt',
      cell: (r) => `${formatTime(r.startsAt, language)} – ${formatTime(r.endsAt, language)}`,
    },
    { id: 'draw', header: t('engagement.drawAt'), sortKey: 'drawAt', cell: (r) => formatTime(r.drawAt, language) },
    {
      id: 'prizes',
      header: t('engagement.prizes'),
      wide: true,
      cell: (r) =>
        r.prizes.map((p) => `${formatCount(p.count, language)} × ${formatAmount(p.amount, language)}`).join(', '),
    },
    {
      id: 'state',
      header: t('engagement.state'),
      cell: (r) => <span className="badge">{t(`engagement.luckyState.${r.state}`)}</span>,
    },
  ];
  return (
    <ProgrammeList<Raffle>
      queryKey="raffles"
      fetch={(query) =>
        call(lucky.rafflesList, {
          query: { ...query, state: query.state as Raffle['state'] | undefined, sort: query.sort as 'id' },
        })
      }
      states={RAFFLE_STATES}
      stateLabel={(state) => t(`engagement.luckyState.${state as Raffle['state']}`)}
      defaultSort={{ key: 'drawAt', order: 'desc' }}
      columns={columns}
      rowKey={(r) => r.id}
      newLabel="engagement.newRaffle"
      editable={(r) => r.state === 'upcoming'}
      endable={(r) => r.state !== 'drawn' && r.state !== 'cancelled'}
      end={(r) => call(lucky.rafflesCancel, { params: { id: String(r.id) } })}
      endLabel="engagement.cancelEvent"
      endConsequence={(r) => t('engagement.cancelRaffleConsequence', { title: titleIn(r.title, language) })}
      editor={(raffle, onClose) => <RaffleDialog raffle={raffle} onClose={onClose} />}
    />
  );
}

function RaffleDialog({ raffle, onClose }: { raffle: Raffle | null; onClose: (saved: Raffle | null) => void }) {
  const { t } = useI18n();
  const [tiers, setTiers] = useState(raffle?.prizes.length ?? 1);
  const specs: FieldSpec[] = [
    ...LUCKY_WINDOW,
    { kind: 'datetime', name: 'drawAt', label: 'engagement.drawAt', required: true },
    {
      kind: 'group',
      legend: 'engagement.tickets',
      error: 'tickets',
      fields: [
        {
          kind: 'decimal',
          name: 'depositPerTicket',
          label: 'engagement.depositPerTicket',
          hint: 'engagement.perTicketHint',
        },
        { kind: 'decimal', name: 'betPerTicket', label: 'engagement.betPerTicket', hint: 'engagement.perTicketHint' },
      ],
    },
    {
      kind: 'rows',
      name: 'prizes',
      legend: 'engagement.prizes',
      rowLabel: 'engagement.prizeTier',
      count: tiers,
      min: 1,
      max: 10,
      onCount: setTiers,
      columns: [
        { kind: 'decimal', name: 'amount', label: 'engagement.prizeAmount', required: true },
        { kind: 'number', name: 'count', label: 'engagement.prizeCount', min: 1, max: 100, required: true },
      ],
    },
    TURNOVER,
  ];
  return (
    <ProgrammeDialog
      title={t(raffle ? 'engagement.editRaffle' : 'engagement.newRaffle')}
      specs={specs}
      values={
        raffle
          ? formValuesOf(raffle)
          : { startsAt: inAnHour(1), endsAt: inAnHour(25), drawAt: inAnHour(26), turnoverMultiple: 1 }
      }
      codeFields={LUCKY_CODE_FIELDS}
      isNew={!raffle}
      readBody={(form) => raffleInputFrom(form, tiers)}
      save={(body) =>
        raffle
          ? call(lucky.rafflesUpdate, { params: { id: String(raffle.id) }, body })
          : call(lucky.rafflesCreate, { body })
      }
      onClose={onClose}
    />
  );
}
