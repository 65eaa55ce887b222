import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { totpAdminEndpoints as totp } from '@khela/contracts';
import { ApiError, call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { Failed, Loading } from '../components/states.tsx';
import { groupSecret } from './operators-form.ts';

/** Issue 16 item 1: the operator's own two-factor (ADR 0025): enrol, new recovery codes, turn off. */
export default function SecuritySection() {
  const { t } = useI18n();
  const status = useQuery({ queryKey: ['totp'], queryFn: () => call(totp.status) });
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'codes' | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['totp'] });
  const start = useMutation({ mutationFn: () => call(totp.enrol), onSuccess: setEnrolment });

  return (
    <section aria-labelledby="security-title" className="section">
      <h1 id="security-title">{t('security.title')}</h1>
      <div className="card block">
        <h2>{t('security.twoFactor')}</h2>
        {status.isPending && <Loading />}
        {status.isError && <Failed message={status.error.message} onRetry={() => void status.refetch()} />}
        {codes ? (
          <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />
        ) : (
          status.data && (
            <>
              <p role="status">
                {status.data.enabled
                  ? t('security.statusOn', { count: status.data.recoveryCodesLeft })
                  : t('security.statusOff')}
              </p>
              {status.data.enabled ? (
                <div className="actions">
                  <button type="button" onClick={() => setDialog('codes')}>
                    {t('security.newCodes')}
                  </button>
                  <button type="button" className="danger" onClick={() => setDialog('disable')}>
                    {t('security.disable')}
                  </button>
                </div>
              ) : enrolment ? (
                <Enrol
                  enrolment={enrolment}
                  onDone={async (recoveryCodes) => {
                    setEnrolment(null);
                    setCodes(recoveryCodes);
                    await refresh();
                  }}
                />
              ) : (
                <>
                  {start.isError && (
                    <p className="error" role="alert">
                      {start.error.message}
                    </p>
                  )}
                  <button type="button" className="primary" disabled={start.isPending} onClick={() => start.mutate()}>
                    {t('security.setUp')}
                  </button>
                </>
              )}
            </>
          )
        )}
      </div>
      {dialog && (
        <CodeDialog
          kind={dialog}
          onClose={async (recoveryCodes) => {
            setDialog(null);
            if (recoveryCodes) setCodes(recoveryCodes);
            await refresh();
          }}
        />
      )}
    </section>
  );
}

/** The otpauth URI as an SVG QR code, dark on white in both themes so any phone reads it. */
function QrCode({ value, label }: { value: string; label: string }) {
  const [shape, setShape] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) => {
      const { modules } = qr.create(value, { errorCorrectionLevel: 'M' });
      let path = '';
      for (let row = 0; row < modules.size; row++) {
        for (let col = 0; col < modules.size; col++)
          if (modules.get(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
      }
      if (live) setShape({ size: modules.size + 8, path });
    });
    return () => {
      live = false;
    };
  }, [value]);
  const box = shape?.size ?? 1;
  return (
    <svg className="qr" role="img" aria-label={label} viewBox={`0 0 ${box} ${box}`} shapeRendering="crispEdges">
      <rect width={box} height={box} fill="#fff" />
      {shape && <path d={shape.path} fill="#000" />}
    </svg>
  );
}

function Enrol({
  enrolment,
  onDone,
}: {
  enrolment: { secret: string; otpauthUri: string };
  onDone: (codes: string[]) => void;
}) {
  const { t } = useI18n();
  const hint = useId();
  const confirm = useMutation({
    mutationFn: (code: string) => call(totp.confirm, { body: { code } }),
    onSuccess: (value) => onDone(value.recoveryCodes),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(String(new FormData(event.currentTarget).get('code') ?? '').trim());
  };
  return (
    <form onSubmit={submit} className="enrol">
      <p>{t('security.scan')}</p>
      <QrCode value={enrolment.otpauthUri} label={t('security.qrLabel')} />
      <p>
        {t('security.key')}: <code className="secret">{groupSecret(enrolment.secret)}</code>
      </p>
      <label>
        {t('security.code')}
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          aria-describedby={hint}
          aria-invalid={confirm.isError}
        />
        <span id={hint} className="hint">
          {confirm.isError ? '' : t('security.codeHint')}
        </span>
      </label>
      {confirm.isError && (
        <p className="error" role="alert">
          {confirm.error instanceof ApiError ? confirm.error.message : t('app.error')}
        </p>
      )}
      <button type="submit" className="primary" disabled={confirm.isPending}>
        {t('security.confirm')}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useI18n();
  return (
    <div role="region" aria-labelledby="recovery-title">
      <h3 id="recovery-title">{t('security.recoveryTitle')}</h3>
      <p>{t('security.recoveryBody')}</p>
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="primary" onClick={onSaved}>
        {t('security.saved')}
      </button>
    </div>
  );
}

/** Turning two-factor off or renewing the recovery codes: confirmed with a code, said what happens first. */
function CodeDialog({ kind, onClose }: { kind: 'disable' | 'codes'; onClose: (codes: string[] | null) => void }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [recovery, setRecovery] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const mutation = useMutation({
    mutationFn: async (secret: string): Promise<string[] | null> => {
      if (kind === 'codes') return (await call(totp.recoveryCodes, { body: { code: secret } })).recoveryCodes;
      await call(totp.disable, { body: recovery ? { recoveryCode: secret } : { code: secret } });
      return null;
    },
    onSuccess: (codes) => onClose(codes),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(String(new FormData(event.currentTarget).get('code') ?? '').trim());
  };
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onCancel={() => onClose(null)}>
      <form onSubmit={submit}>
        <h2 id={titleId}>{kind === 'disable' ? t('security.disable') : t('security.newCodes')}</h2>
        <p>{kind === 'disable' ? t('security.disableBody') : t('security.newCodesBody')}</p>
        <label key={recovery ? 'recovery' : 'code'}>
          {recovery ? t('security.recoveryCode') : t('security.code')}
          <input
            name="code"
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            pattern={recovery ? undefined : '[0-9]{6}'}
            maxLength={recovery ? 16 : 6}
            required
            autoFocus
          />
        </label>
        {kind === 'disable' && (
          <button type="button" className="link" onClick={() => setRecovery(!recovery)}>
            {recovery ? t('security.useCode') : t('security.useRecovery')}
          </button>
        )}
        {mutation.isError && (
          <p className="error" role="alert">
            {mutation.error instanceof ApiError ? mutation.error.message : t('app.error')}
          </p>
        )}
        <div className="actions">
          <button type="submit" className={kind === 'disable' ? 'danger' : 'primary'} disabled={mutation.isPending}>
            {kind === 'disable' ? t('security.disable') : t('security.newCodes')}
          </button>
          <button type="button" onClick={() => onClose(null)}>
            {t('security.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
