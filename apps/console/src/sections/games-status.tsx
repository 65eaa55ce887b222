import { CATALOGUE_STATUSES, type AdminGame } from '@khela/contracts';
import { useI18n } from '../i18n.tsx';

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
