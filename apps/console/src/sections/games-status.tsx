import type { ReactNode } from 'react';
import { CATALOGUE_STATUSES, type AdminGame } from '@khela/contracts';
import { useI18n } from '../i18n.tsx';
import { useConfirmedAction } from './books-confirm.tsx';

type Status = AdminGame['status'];

export function StatusBadge({ status }: { status: Status }) {
  const { t } = useI18n();
  return <span className={`badge status-${status}`}>{t(`games.status.${status}`)}</span>;
}

/**
 * A row's status change as one narrow control (issue 16 item 5: three buttons per row ran past a
 * laptop's width). Choosing a status asks for confirmation; the control then shows its prompt again.
 */
export function StatusMenu({
  name,
  status,
  onChoose,
}: {
  name: string;
  status: Status;
  onChoose: (s: Status) => void;
}) {
  const { t } = useI18n();
  return (
    <select
      className="status-menu"
      aria-label={t('games.changeStatusOf', { name })}
      value=""
      onChange={(event) => {
        if (event.target.value) onChoose(event.target.value as Status);
      }}
    >
      <option value="">{t('games.changeStatus')}</option>
      {CATALOGUE_STATUSES.filter((s) => s !== status).map((s) => (
        <option key={s} value={s}>
          {t(`games.setStatus.${s}`)}
        </option>
      ))}
    </select>
  );
}

/**
 * The catalogue's one status-change confirmation (a game, a vendor, one of our own games): what the
 * new status does for players, then the call that sets it; `context` goes before that (a vendor's games).
 */
export function useStatusChange() {
  const { t } = useI18n();
  const { ask, dialog } = useConfirmedAction(['games']);
  const askStatus = ({
    name,
    status,
    context,
    run,
  }: {
    name: string;
    status: Status;
    context?: ReactNode;
    run: () => Promise<unknown>;
  }) =>
    ask({
      title: t('games.statusTitle', { name, status: t(`games.status.${status}`) }),
      consequence: (
        <p>
          {context && <>{context} </>}
          {t(`games.statusBody.${status}`)}
        </p>
      ),
      confirmLabel: t(`games.setStatus.${status}`),
      tone: status === 'on' ? 'primary' : 'danger',
      run,
    });
  return { askStatus, dialog };
}
