import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isClientSeed } from '@khela/games';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { rotateSeed, useAfterRound, useFairness } from '../api/inhouse.ts';
import { errorText } from './shared.tsx';

const randomSeed = () => crypto.randomUUID().replaceAll('-', '').slice(0, 16);

/** Issue 12 item 3: the committed hash, the client seed, the nonce; rotation reveals the server seed. */
export function FairnessPage() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const fairness = useFairness(token);
  const afterRound = useAfterRound();
  const [clientSeed, setClientSeed] = useState(randomSeed);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = isClientSeed(clientSeed.trim());
  const data = fairness.data;

  async function rotate() {
    setBusy(true);
    setError('');
    try {
      await rotateSeed({ clientSeed: clientSeed.trim() });
      setClientSeed(randomSeed());
      afterRound();
    } catch (failure) {
      setError(errorText(failure, t('common.networkError')));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <ContentPage title={t('originals.fairness.title')} intro={t('originals.fairness.intro')}>
      <LoadState pending={fairness.isPending} error={fairness.error} onRetry={() => void fairness.refetch()}>
        {data ? (
          <div className="originals">
            <dl className="originals__facts">
              <dt>{t('originals.fairness.hash')}</dt>
              <dd>
                <code className="originals__hash">{data.current.serverSeedHash}</code>
              </dd>
              <dt>{t('originals.fairness.clientSeed')}</dt>
              <dd>
                <code>{data.current.clientSeed}</code>
              </dd>
              <dt>{t('originals.fairness.nonce')}</dt>
              <dd>{data.current.nonce}</dd>
            </dl>
            <form
              className="form originals__controls"
              onSubmit={(event) => {
                event.preventDefault();
                if (valid) setConfirming(true);
              }}
            >
              <TextField
                id="client-seed"
                label={t('originals.fairness.clientSeed')}
                value={clientSeed}
                onChange={setClientSeed}
                hint={t('originals.fairness.clientSeedHint')}
                {...(!valid && { error: t('originals.fairness.clientSeedInvalid') })}
              />
              <button type="button" className="button" onClick={() => setClientSeed(randomSeed())}>
                {t('originals.fairness.random')}
              </button>
              {confirming ? (
                <div role="alertdialog" aria-labelledby="rotate-confirm" className="originals__confirm">
                  <p id="rotate-confirm">{t('originals.fairness.rotateConfirm')}</p>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy}
                    onClick={() => void rotate()}
                  >
                    {t('originals.fairness.confirm')}
                  </button>
                  <button type="button" className="button" onClick={() => setConfirming(false)}>
                    {t('originals.fairness.cancel')}
                  </button>
                </div>
              ) : (
                <button type="submit" className="button button--primary" disabled={!valid || busy}>
                  {t('originals.fairness.rotate')}
                </button>
              )}
              {error ? (
                <p className="originals__error" role="alert">
                  {error}
                </p>
              ) : null}
            </form>
            <section aria-labelledby="previous-pair">
              <h2 id="previous-pair" className="originals__subtitle">
                {t('originals.fairness.previous')}
              </h2>
              {data.previous ? (
                <dl className="originals__facts">
                  <dt>{t('originals.fairness.serverSeed')}</dt>
                  <dd>
                    <code className="originals__hash">{data.previous.serverSeed}</code>
                  </dd>
                  <dt>{t('originals.fairness.hash')}</dt>
                  <dd>
                    <code className="originals__hash">{data.previous.serverSeedHash}</code>
                  </dd>
                  <dt>{t('originals.fairness.clientSeed')}</dt>
                  <dd>
                    <code>{data.previous.clientSeed}</code>
                  </dd>
                  <dt>{t('originals.fairness.rounds')}</dt>
                  <dd>{data.previous.nonce}</dd>
                </dl>
              ) : (
                <p className="originals__muted">{t('originals.fairness.none')}</p>
              )}
            </section>
          </div>
        ) : null}
      </LoadState>
    </ContentPage>
  );
}
