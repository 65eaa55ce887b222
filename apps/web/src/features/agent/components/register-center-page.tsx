import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DownlineKind } from '@khela/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { serverFieldErrors } from '../../../lib/server-fields.ts';
import { useCreateDownline } from '../api/agent-team.ts';
import { AgentPageFrame } from './agent-page.tsx';
import { OfferContractSlot } from './offer-contract-slot.tsx';
import '../../../components/ui/form.css';
import '../messages.ts';

const FIELDS = ['username', 'password', 'confirmPassword', 'nickname'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field | 'form', string>>;

/** Client checks before the confirmation: the required fields and the password confirmation. */
export function checkDownlineForm(
  values: Record<Field, string>,
  messages: { required: string; mismatch: string },
): Errors {
  const errors: Errors = {};
  if (!values.username.trim()) errors.username = messages.required;
  if (!values.password) errors.password = messages.required;
  if (!values.confirmPassword) errors.confirmPassword = messages.required;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = messages.mismatch;
  return errors;
}

const EMPTY: Record<Field, string> = { username: '', password: '', confirmPassword: '', nickname: '' };

/** The form's inputs, in order: each one TextField, labelled agentCentre.register.<field>. */
const INPUTS: readonly {
  field: Field;
  type?: 'password';
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
}[] = [
  { field: 'username', autoComplete: 'off', required: true },
  { field: 'password', type: 'password', autoComplete: 'new-password', required: true },
  { field: 'confirmPassword', type: 'password', autoComplete: 'new-password', required: true },
  { field: 'nickname', maxLength: 32 },
];

/**
 * /agentHome/registerCenter (§2 "create accounts"): opens a player or an agent account directly
 * under the agent, after a confirmation. The server checks the name and password by the
 * registration rules; its field errors show under each input (§8).
 */
export function RegisterCenterPage() {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<DownlineKind>('player');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const create = useCreateDownline();

  const set = (field: Field) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined, form: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkDownlineForm(values, {
      required: t('agentCentre.register.required'),
      mismatch: t('agentCentre.register.mismatch'),
    });
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const confirm = () => {
    create.mutate(
      {
        kind,
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...(values.nickname.trim() && { nickname: values.nickname.trim() }),
      },
      {
        onSuccess: (downline) => {
          setConfirming(false);
          setCreated(downline.username);
          setValues(EMPTY);
        },
        onError: (error) => {
          setConfirming(false);
          setErrors(serverFieldErrors(error, FIELDS, t('common.unknownError')));
        },
      },
    );
  };

  const kindLabel = t(`agentCentre.register.kinds.${kind}`);
  return (
    <AgentPageFrame title={t('agentCentre.register.title')} intro={t('agentCentre.register.intro')}>
      <section className="agent-card">
        {created ? (
          <div className="agent-form">
            <p className="agent-notice agent-notice--success" role="status">
              {t('agentCentre.register.done', { username: created })}
            </p>
            <OfferContractSlot username={created} />
            <div className="agent-actions">
              <button type="button" className="button button--primary" onClick={() => setCreated(null)}>
                {t('agentCentre.register.another')}
              </button>
              <Link className="button" to="/agentHome/downlineManagmentView">
                {t('agentCentre.register.viewTeam')}
              </Link>
            </div>
          </div>
        ) : (
          <form className="form agent-form" noValidate onSubmit={submit}>
            <fieldset>
              <legend>{t('agentCentre.register.kind')}</legend>
              {(['player', 'agent'] as const).map((option) => (
                <label key={option} className="agent-form__choice">
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    value={option}
                    checked={kind === option}
                    onChange={() => setKind(option)}
                  />
                  {t(`agentCentre.register.kinds.${option}`)}
                </label>
              ))}
            </fieldset>
            {INPUTS.map(({ field, ...input }) => (
              <TextField
                key={field}
                id={`${id}-${field}`}
                {...input}
                label={t(`agentCentre.register.${field}`)}
                value={values[field]}
                onChange={set(field)}
                error={errors[field]}
              />
            ))}
            <p className="agent-notice">{t('agentCentre.register.contractHint')}</p>
            {errors.form ? (
              <p className="agent-notice agent-notice--error" role="alert">
                {errors.form}
              </p>
            ) : null}
            <div className="agent-actions">
              <button type="submit" className="button button--primary" disabled={create.isPending}>
                {t('agentCentre.register.submit')}
              </button>
            </div>
          </form>
        )}
      </section>
      {confirming ? (
        <Modal
          title={t('agentCentre.register.confirmTitle')}
          size="small"
          initialFocus={cancelRef}
          onClose={create.isPending ? () => undefined : () => setConfirming(false)}
          footer={
            <>
              <button
                ref={cancelRef}
                type="button"
                className="button"
                disabled={create.isPending}
                onClick={() => setConfirming(false)}
              >
                {t('common.cancel')}
              </button>
              <button type="button" className="button button--primary" disabled={create.isPending} onClick={confirm}>
                {create.isPending ? t('agentCentre.register.pending') : t('common.confirm')}
              </button>
            </>
          }
        >
          <p className="modal__message">
            {t('agentCentre.register.confirmBody', { kind: kindLabel, username: values.username.trim() })}
          </p>
        </Modal>
      ) : null}
    </AgentPageFrame>
  );
}
