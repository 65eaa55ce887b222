import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gamesAdminEndpoints as catalogue, type AdminInhouseGame } from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatAmount, localDigits } from '../format.ts';
import { Failed, Loading } from '../components/states.tsx';
import { DataTable, type Column } from '../components/data-table.tsx';
import { Dialog } from '../components/dialog.tsx';
import { formErrors } from './operators-form.ts';
import { StatusBadge, StatusMenu, useStatusChange } from './games-status.tsx';

const LIMIT_INPUTS = ['minBet', 'maxBet'] as const;

/**
 * Issue 16 item 5: our own games' settings — bet limits and status, on their catalogue rows (PATCH
 * /admin/games/:id, audited), which the next bet reads; their RTP is the engine's and only shown.
 */
export function InhouseGames() {
  const { t, language } = useI18n();
  const [editing, setEditing] = useState<AdminInhouseGame | null>(null);
  const { askStatus, dialog } = useStatusChange();
  const query = useQuery({ queryKey: ['games', 'inhouse'], queryFn: () => call(catalogue.inhouseGames) });
  const percent = (value: string) => `${localDigits(value.replace(/0+$/, '').replace(/\.$/, ''), language)}%`;
  const columns: Column<AdminInhouseGame>[] = [
    { id: 'name', header: t('games.name'), cell: (g) => g.name[language] },
    { id: 'code', header: t('games.code'), cell: (g) => g.gameCode, wide: true },
    {
      id: 'status',
      header: t('games.statusLabel'),
      cell: (g) => (
        <>
          <StatusBadge status={g.status} />
          {g.vendorStatus !== 'on' && (
            <span className="hint">
              {' '}
              {t('games.inhouse.vendorStatus', { status: t(`games.status.${g.vendorStatus}`) })}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'limits',
      header: t('games.limits'),
      cell: (g) => `${formatAmount(g.minBet, language)} – ${formatAmount(g.maxBet, language)}`,
    },
    { id: 'rtp', header: t('games.inhouse.rtp'), cell: (g) => percent(g.rtp), wide: true },
    { id: 'edge', header: t('games.inhouse.houseEdge'), cell: (g) => percent(g.houseEdge), wide: true },
    {
      id: 'actions',
      header: t('games.actions'),
      cell: (g) => (
        <div className="actions">
          <button type="button" onClick={() => setEditing(g)}>
            {t('games.inhouse.editLimits')}
          </button>
          <StatusMenu
            name={g.name[language]}
            status={g.status}
            onChoose={(status) =>
              askStatus({
                name: g.name[language],
                status,
                run: () => call(catalogue.gamesUpdate, { params: { id: String(g.id) }, body: { status } }),
              })
            }
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <p className="hint">{t('games.inhouse.hint')}</p>
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable
          caption={t('games.tab.inhouse')}
          columns={columns}
          rows={query.data}
          rowKey={(g) => g.id}
          rowTestId={(g) => `inhouse-${g.game}`}
          empty={t('games.inhouse.none')}
        />
      )}
      {editing && <LimitsEditor game={editing} onClose={() => setEditing(null)} />}
      {dialog}
    </>
  );
}

function LimitsEditor({ game, onClose }: { game: AdminInhouseGame; onClose: () => void }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ minBet: game.minBet, maxBet: game.maxBet });
  const changes = {
    ...(form.minBet.trim() !== game.minBet && { minBet: form.minBet.trim() }),
    ...(form.maxBet.trim() !== game.maxBet && { maxBet: form.maxBet.trim() }),
  };
  const changed = Object.keys(changes).length > 0;
  const mutation = useMutation({
    mutationFn: () => call(catalogue.gamesUpdate, { params: { id: String(game.id) }, body: changes }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['games'] });
      onClose();
    },
  });
  const errors = mutation.isError
    ? formErrors(mutation.error, LIMIT_INPUTS, t('app.error'))
    : { fields: {} as Record<string, string>, form: null };
  return (
    <Dialog title={t('games.inhouse.limitsTitle', { name: game.name[language] })} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (changed) mutation.mutate();
        }}
      >
        {LIMIT_INPUTS.map((name) => (
          <label key={name}>
            {t(`games.field.${name}`)}
            <input
              inputMode="decimal"
              value={form[name]}
              onChange={(e) => setForm({ ...form, [name]: e.target.value })}
              {...(errors.fields[name]
                ? { 'aria-invalid': true as const, 'aria-describedby': `inhouse-${name}-error` }
                : {})}
            />
            {errors.fields[name] && (
              <span id={`inhouse-${name}-error`} className="error">
                {errors.fields[name]}
              </span>
            )}
          </label>
        ))}
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={!changed || mutation.isPending}>
            {t('games.save')}
          </button>
          <button type="button" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
