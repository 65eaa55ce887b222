import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useI18n } from '../i18n.tsx';
import { ApiError } from '../api.ts';

/** A modal dialog, open while mounted; Escape calls onClose. */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onCancel={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/**
 * Confirmation before anything destructive or money-moving: says what will happen, asks for a
 * reason when the action needs one, shows the server's error in the operator's language.
 */
export function ConfirmDialog({
  title,
  consequence,
  confirmLabel,
  tone = 'primary',
  reasonLabel,
  reasonHint,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  /** What will happen, in the operator's words: amounts, names, ids. */
  consequence: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Asks for a reason (required) when given. */
  reasonLabel?: string;
  /** Who will read the reason; by default: it is kept in the audit log. */
  reasonHint?: string;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reasonLabel && reason.trim() === '') return;
    onConfirm(reason.trim());
  };
  return (
    <Dialog title={title} onClose={onCancel}>
      <form onSubmit={submit}>
        <div className="consequence">{consequence}</div>
        {reasonLabel && (
          <label>
            {reasonLabel}
            <textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              maxLength={500}
              rows={3}
              aria-describedby={hintId}
            />
            <span id={hintId} className="hint">
              {reasonHint ?? t('dialog.reasonRequired')}
            </span>
          </label>
        )}
        {error != null && (
          <p className="error" role="alert">
            {error instanceof ApiError ? error.message : t('app.error')}
          </p>
        )}
        <div className="actions">
          <button type="submit" className={tone} disabled={pending}>
            {confirmLabel}
          </button>
          <button type="button" onClick={onCancel}>
            {t('dialog.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
