import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The seed commitment of an event: its hash from the start, the seed once it is over. */
export function FairnessProof({ hash, seed, children }: { hash: string; seed: string | null; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <details className="lucky-proof">
      <summary>{t('lucky.fairness')}</summary>
      <p>{t('lucky.fairNote')}</p>
      <dl>
        <dt>{t('lucky.seedHash')}</dt>
        <dd>
          <code>{hash}</code>
        </dd>
        <dt>{t('lucky.seed')}</dt>
        <dd>{seed ? <code>{seed}</code> : t('lucky.seedHidden')}</dd>
      </dl>
      {children}
    </details>
  );
}
