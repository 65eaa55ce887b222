import { useTranslation } from 'react-i18next';
import type { LotteryDraw } from '@khela/contracts';
import type { LotteryFormat } from '@khela/games';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { DrawNumbers } from './draw-numbers.tsx';
import { DrawProof } from './draw-proof.tsx';

/** A game's latest draws: issue, time, opened numbers (or void), and each one's fairness proof. */
export function DrawResults({
  draws,
  pending,
  error,
  onRetry,
}: {
  draws: readonly LotteryDraw[];
  pending: boolean;
  error: { message?: string } | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className="lottery-panel" aria-labelledby="lottery-results-title">
      <h2 id="lottery-results-title" className="lottery-section-title">
        {t('lottery.results.title')}
      </h2>
      <LoadState pending={pending} error={error} onRetry={onRetry}>
        {draws.length === 0 ? (
          <EmptyState title={t('lottery.results.empty')} body={t('lottery.results.emptyBody')} />
        ) : (
          <ol className="lottery-results" data-testid="lottery-results">
            {draws.map((draw) => (
              <li key={draw.drawId} className="lottery-result">
                <div className="lottery-result__head">
                  <strong>{t('lottery.issue.current', { issue: draw.issue })}</strong>
                  <span className="lottery-muted">{formatDateTime(draw.drawnAt ?? draw.drawAt, i18n.language)}</span>
                </div>
                {draw.state === 'void' || !draw.result ? (
                  <p className="lottery-result__void">
                    {draw.state === 'void' ? t('lottery.results.void') : t('lottery.results.pending')}
                  </p>
                ) : (
                  <DrawNumbers tiers={draw.result} />
                )}
                <DrawProof
                  format={draw.format as LotteryFormat}
                  serverSeedHash={draw.serverSeedHash}
                  seeds={
                    draw.serverSeed
                      ? { serverSeed: draw.serverSeed, clientSeed: draw.clientSeed, nonce: draw.nonce }
                      : null
                  }
                  tiers={draw.result}
                />
              </li>
            ))}
          </ol>
        )}
      </LoadState>
    </section>
  );
}
