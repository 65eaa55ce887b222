import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INHOUSE_GAMES, type InhouseGameName, type InhouseRound } from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useRound, useRounds } from '../api/inhouse.ts';
import { RoundOutcome } from './round-outcome.tsx';
import '../messages.ts';
import './originals.css';

const RESULTS = ['win', 'loss', 'refund', 'open'] as const;
const PAGE_SIZE = 20;

/** Issue 12 item 4: every round of the member's, by game, day window and result, 20 a page. */
export function RoundsPage() {
  const { t, i18n } = useTranslation();
  const token = useSessionToken();
  const [game, setGame] = useState<InhouseGameName | ''>('');
  const [result, setResult] = useState<(typeof RESULTS)[number] | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const rounds = useRounds(token, {
    pageNo: String(pageNo),
    pageSize: String(PAGE_SIZE),
    ...(game && { game }),
    ...(result && { result }),
    ...(from && { from }),
    ...(to && { to }),
  });
  const pages = Math.max(1, Math.ceil((rounds.data?.total ?? 0) / PAGE_SIZE));
  const reset =
    <T,>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      setPageNo(1);
    };
  return (
    <ContentPage title={t('originals.rounds.title')}>
      <div className="originals">
        <div className="originals__filters form" role="group" aria-label={t('originals.rounds.title')}>
          <label htmlFor="rounds-game">
            {t('originals.rounds.game')}
            <select
              id="rounds-game"
              value={game}
              onChange={(e) => reset(setGame)(e.target.value as InhouseGameName | '')}
            >
              <option value="">{t('originals.rounds.allGames')}</option>
              {INHOUSE_GAMES.map((g) => (
                <option key={g} value={g}>
                  {t(`originals.names.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor="rounds-result">
            {t('originals.rounds.result')}
            <select
              id="rounds-result"
              value={result}
              onChange={(e) => reset(setResult)(e.target.value as typeof result)}
            >
              <option value="">{t('originals.rounds.allResults')}</option>
              {RESULTS.map((r) => (
                <option key={r} value={r}>
                  {t(`originals.rounds.results.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor="rounds-from">
            {t('originals.rounds.from')}
            <input id="rounds-from" type="date" value={from} onChange={(e) => reset(setFrom)(e.target.value)} />
          </label>
          <label htmlFor="rounds-to">
            {t('originals.rounds.to')}
            <input id="rounds-to" type="date" value={to} onChange={(e) => reset(setTo)(e.target.value)} />
          </label>
        </div>
        <LoadState pending={rounds.isPending} error={rounds.error} onRetry={() => void rounds.refetch()}>
          {rounds.data?.list.length ? (
            <>
              <div className="originals__table-wrap">
                <table className="originals__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('originals.rounds.time')}</th>
                      <th scope="col">{t('originals.rounds.game')}</th>
                      <th scope="col">{t('originals.stake')}</th>
                      <th scope="col">{t('originals.payout')}</th>
                      <th scope="col">{t('originals.rounds.result')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rounds.data.list.map((round) => (
                      <tr key={round.roundId}>
                        <td>
                          <Link to={`/originals/rounds/${round.roundId}`}>
                            {formatDateTime(round.createdAt, i18n.language)}
                          </Link>
                        </td>
                        <td>{t(`originals.names.${round.game}`)}</td>
                        <td>{formatAmount(round.stake)}</td>
                        <td>{round.payout === null ? '–' : formatAmount(round.payout)}</td>
                        <td>{t(`originals.rounds.state.${round.state}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <nav className="originals__pager" aria-label={t('money.paging')}>
                <button type="button" className="button" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
                  ‹
                </button>
                <span>{t('money.pageOf', { page: pageNo, pages })}</span>
                <button
                  type="button"
                  className="button"
                  disabled={pageNo >= pages}
                  onClick={() => setPageNo(pageNo + 1)}
                >
                  ›
                </button>
              </nav>
            </>
          ) : (
            <EmptyState title={t('originals.rounds.empty')} body={t('originals.rounds.emptyBody')} />
          )}
        </LoadState>
      </div>
    </ContentPage>
  );
}

/**
 * The verify page's address for a round whose server seed has been revealed, or a crash round
 * that has crashed (its hash; the page fills the chain's salt in).
 */
export function verifyLink(round: InhouseRound): string | null {
  if (round.game === 'crash') {
    const hash = (round.outcome as { hash?: unknown } | null)?.hash;
    if (typeof hash !== 'string' || !hash) return null;
    return `/originals/verify?${new URLSearchParams({ game: 'crash', hash, roundId: round.roundId }).toString()}`;
  }
  if (!round.seeds?.serverSeed) return null;
  const query = new URLSearchParams({
    game: round.game,
    serverSeed: round.seeds.serverSeed,
    clientSeed: round.seeds.clientSeed,
    nonce: String(round.seeds.nonce),
    stake: round.stake,
    roundId: round.roundId,
  });
  for (const [key, value] of Object.entries(round.bet)) query.set(key, String(value));
  return `/originals/verify?${query.toString()}`;
}

/** Issue 12 item 4: one round, drawn as its game drew it, with its money and seeds. */
export function RoundPage() {
  const { t, i18n } = useTranslation();
  const token = useSessionToken();
  const { roundId = '' } = useParams();
  const round = useRound(token, roundId);
  const data = round.data;
  const link = data ? verifyLink(data) : null;
  return (
    <ContentPage title={t('originals.rounds.round', { id: roundId })}>
      <LoadState pending={round.isPending} error={round.error} onRetry={() => void round.refetch()}>
        {data ? (
          <div className="originals">
            <dl className="originals__facts">
              <dt>{t('originals.rounds.game')}</dt>
              <dd>{t(`originals.names.${data.game}`)}</dd>
              <dt>{t('originals.rounds.time')}</dt>
              <dd>{formatDateTime(data.createdAt, i18n.language)}</dd>
              <dt>{t('originals.stake')}</dt>
              <dd>{formatAmount(data.stake)}</dd>
              <dt>{t('originals.payout')}</dt>
              <dd data-testid="round-payout">
                {data.payout === null ? t(`originals.rounds.state.${data.state}`) : formatAmount(data.payout)}
              </dd>
              <dt>{t('originals.rounds.before')}</dt>
              <dd>{formatAmount(data.balanceBefore)}</dd>
              <dt>{t('originals.rounds.after')}</dt>
              <dd>{formatAmount(data.balanceAfter)}</dd>
            </dl>
            <div data-testid="round-outcome">
              <RoundOutcome round={data} />
            </div>
            {data.game === 'crash' && link ? (
              <p>
                <Link className="button button--primary" to={link}>
                  {t('originals.rounds.verify')}
                </Link>
              </p>
            ) : null}
            {data.seeds ? (
              <section aria-labelledby="round-seeds">
                <h2 id="round-seeds" className="originals__subtitle">
                  {t('originals.rounds.seeds')}
                </h2>
                <dl className="originals__facts">
                  <dt>{t('originals.fairness.hash')}</dt>
                  <dd>
                    <code className="originals__hash">{data.seeds.serverSeedHash}</code>
                  </dd>
                  <dt>{t('originals.fairness.serverSeed')}</dt>
                  <dd>
                    {data.seeds.serverSeed ? (
                      <code className="originals__hash">{data.seeds.serverSeed}</code>
                    ) : (
                      t('originals.rounds.hidden')
                    )}
                  </dd>
                  <dt>{t('originals.fairness.clientSeed')}</dt>
                  <dd>
                    <code>{data.seeds.clientSeed}</code>
                  </dd>
                  <dt>{t('originals.verify.nonce')}</dt>
                  <dd>{data.seeds.nonce}</dd>
                </dl>
                {link ? (
                  <Link className="button button--primary" to={link}>
                    {t('originals.rounds.verify')}
                  </Link>
                ) : (
                  <Link to="/originals/fairness">{t('originals.fairness.link')}</Link>
                )}
              </section>
            ) : null}
          </div>
        ) : (
          <EmptyState title={t('originals.rounds.notFound')} />
        )}
      </LoadState>
    </ContentPage>
  );
}
