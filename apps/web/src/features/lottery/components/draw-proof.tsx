import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawTier, FairSeeds, LotteryFormat } from '@khela/games';
import { verifyDraw, type DrawCheck } from '../utils/verify.ts';

/**
 * A drawn issue's fairness proof: the seed hash published before betting opened, the seed
 * revealed after the draw, and a button that redoes the draw here with the engine the server runs.
 */
export function DrawProof({
  format,
  serverSeedHash,
  seeds,
  tiers,
}: {
  format: LotteryFormat;
  serverSeedHash: string;
  /** Null until the draw reveals its seed. */
  seeds: FairSeeds | null;
  tiers: readonly DrawTier[] | null;
}) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<DrawCheck | null>(null);
  const ok = check?.hashMatches && check.resultMatches;
  return (
    <details className="lottery-proof">
      <summary>{t('lottery.results.proof')}</summary>
      <p>{t('lottery.results.proofNote')}</p>
      <dl>
        <dt>{t('lottery.results.seedHash')}</dt>
        <dd>
          <code>{serverSeedHash}</code>
        </dd>
        <dt>{t('lottery.results.seed')}</dt>
        <dd>{seeds ? <code>{seeds.serverSeed}</code> : t('lottery.results.pending')}</dd>
        {seeds ? (
          <>
            <dt>{t('lottery.results.clientSeed')}</dt>
            <dd>
              <code>
                {seeds.clientSeed}:{seeds.nonce}
              </code>
            </dd>
          </>
        ) : null}
      </dl>
      {seeds && tiers ? (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => setCheck(verifyDraw(format, seeds, serverSeedHash, tiers))}
          >
            {t('lottery.results.verify')}
          </button>
        </p>
      ) : null}
      {check ? (
        <p className={ok ? 'lottery-proof__ok' : 'lottery-proof__bad'} role="status">
          {ok ? t('lottery.results.verified') : t('lottery.results.mismatch')}
        </p>
      ) : null}
    </details>
  );
}
