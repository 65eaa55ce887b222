import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COCKFIGHT_SIDES,
  type CockfightArena,
  type CockfightBet,
  type CockfightFight,
  type CockfightSide,
} from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useCockfightState, usePlaceCockfightBet } from '../api/cockfight.ts';
import { isVideoUrl, possibleReturn, stakeIsValid } from '../utils/slip.ts';
import '../messages.ts';
import './cockfight.css';

/** A fresh idempotency key per confirmed bet: resending the same request never bets twice. */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `cf${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function Stream({ arena }: { arena: CockfightArena }) {
  const { t } = useTranslation();
  const title = t('cockfight.stream', { arena: arena.name });
  if (!arena.streamUrl) {
    return (
      <div className="cf-stream cf-stream--empty" role="img" aria-label={title}>
        <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
          <path d="M18 46c0-14 7-23 17-24l5-8 3 8c7 4 8 14 4 24z" fill="currentColor" />
          <path d="M40 14l4-5 2 6z" fill="currentColor" />
        </svg>
        <p>{t('cockfight.noStream')}</p>
      </div>
    );
  }
  return isVideoUrl(arena.streamUrl) ? (
    <video className="cf-stream" src={arena.streamUrl} controls autoPlay muted playsInline aria-label={title} />
  ) : (
    <iframe
      className="cf-stream"
      src={arena.streamUrl}
      title={title}
      allow="autoplay; fullscreen; picture-in-picture"
      referrerPolicy="no-referrer"
    />
  );
}

function FightState({ fight }: { fight: CockfightFight }) {
  const { t } = useTranslation();
  return <span className={`cf-badge cf-badge--${fight.state}`}>{t(`cockfight.states.${fight.state}`)}</span>;
}

function BetSlip({ fight, side, onDone }: { fight: CockfightFight; side: CockfightSide; onDone: () => void }) {
  const { t } = useTranslation();
  const stakeId = useId();
  const [stake, setStake] = useState(fight.minStake.replace(/\.00$/, ''));
  const [confirming, setConfirming] = useState<{ odds: string; stake: string } | null>(null);
  const place = usePlaceCockfightBet();
  const odds = fight.odds[side];
  const valid = stakeIsValid(stake, fight.minStake, fight.maxStake);
  const sideName = t(`cockfight.sides.${side}`);
  const changed =
    place.error?.code === 'cockfight.odds_changed' ? (place.error.value as { odds?: Record<string, string> }) : null;

  const submit = () => {
    if (!confirming) return;
    place.mutate(
      { requestId: newRequestId(), fightId: fight.id, side, stake: confirming.stake, odds: confirming.odds },
      {
        onSuccess: () => {
          setConfirming(null);
          onDone();
        },
        onError: () => setConfirming(null),
      },
    );
  };

  return (
    <section className="cf-card cf-slip" aria-labelledby={`${stakeId}-title`}>
      <h2 id={`${stakeId}-title`}>{t('cockfight.slip')}</h2>
      <p className={`cf-slip__pick cf-side--${side.toLowerCase()}`}>
        <strong>{sideName}</strong> · {t('cockfight.odds')} <strong>{odds}</strong>
      </p>
      {confirming ? (
        <div className="cf-confirm" role="group" aria-labelledby={`${stakeId}-confirm`}>
          <h3 id={`${stakeId}-confirm`}>{t('cockfight.confirmTitle')}</h3>
          <p>
            {t('cockfight.confirmText', {
              side: sideName,
              no: fight.fightNo,
              odds: confirming.odds,
              stake: formatAmount(confirming.stake),
              payout: formatAmount(possibleReturn(confirming.stake, confirming.odds)),
            })}
          </p>
          <div className="cf-actions">
            <button type="button" className="button button--primary" onClick={submit} disabled={place.isPending}>
              {place.isPending ? t('cockfight.placing') : t('cockfight.confirm')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(null)} disabled={place.isPending}>
              {t('cockfight.back')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="cf-slip__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) {
              place.reset();
              setConfirming({ odds, stake });
            }
          }}
        >
          <label htmlFor={stakeId}>{t('cockfight.stake')}</label>
          <input
            id={stakeId}
            inputMode="decimal"
            autoComplete="off"
            value={stake}
            aria-invalid={!valid}
            aria-describedby={`${stakeId}-limits`}
            onChange={(event) => setStake(event.target.value.trim())}
          />
          <p id={`${stakeId}-limits`} className="cf-muted">
            {t('cockfight.limits', { min: formatAmount(fight.minStake), max: formatAmount(fight.maxStake) })}
          </p>
          <p>
            {t('cockfight.potential')}: <strong>{valid ? formatAmount(possibleReturn(stake, odds)) : '—'}</strong>
          </p>
          <button type="submit" className="button button--primary" disabled={!valid}>
            {t('cockfight.placeBet')}
          </button>
        </form>
      )}
      <div aria-live="polite">
        {place.isSuccess ? (
          <p className="cf-ok" role="status">
            {t('cockfight.placed', { side: t(`cockfight.sides.${place.data.side}`), odds: place.data.odds })}
          </p>
        ) : null}
        {place.error ? (
          <p className="cf-error" role="alert">
            {changed?.odds?.[side] ? t('cockfight.oddsChanged', { odds: changed.odds[side] }) : place.error.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function CurrentFight({ fight }: { fight: CockfightFight }) {
  const { t, i18n } = useTranslation();
  const [side, setSide] = useState<CockfightSide | null>(null);
  const open = fight.state === 'open';
  return (
    <>
      <section className="cf-card cf-fight" aria-labelledby="cf-current">
        <header className="cf-card__head">
          <h2 id="cf-current">{t('cockfight.fight', { no: fight.fightNo })}</h2>
          <FightState fight={fight} />
        </header>
        <p className="cf-muted">{t('cockfight.scheduled', { at: formatDateTime(fight.scheduledAt, i18n.language) })}</p>
        <div className="cf-sides" role="group" aria-label={t('cockfight.odds')}>
          {COCKFIGHT_SIDES.map((s) => (
            <button
              key={s}
              type="button"
              className={`cf-side cf-side--${s.toLowerCase()}`}
              aria-pressed={side === s}
              disabled={!open}
              onClick={() => setSide(s)}
            >
              <span className="cf-side__name">{t(`cockfight.sides.${s}`)}</span>
              <span className="cf-side__hint">{t(`cockfight.sideHint.${s}`)}</span>
              <span className="cf-side__odds">{fight.odds[s]}</span>
            </button>
          ))}
        </div>
        {!open ? (
          <p className="cf-muted">
            {fight.state === 'scheduled' ? t('cockfight.waitingNote') : t('cockfight.closedNote')}
          </p>
        ) : null}
        <p className="cf-rule">{t('cockfight.drawRule')}</p>
      </section>
      {open && side ? (
        <BetSlip key={`${fight.id}-${side}`} fight={fight} side={side} onDone={() => undefined} />
      ) : open ? (
        <p className="cf-card cf-muted">{t('cockfight.pickSide')}</p>
      ) : null}
    </>
  );
}

function MyBets({ bets }: { bets: CockfightBet[] }) {
  const { t } = useTranslation();
  return (
    <section className="cf-card" aria-labelledby="cf-my-bets">
      <h2 id="cf-my-bets">{t('cockfight.myBets')}</h2>
      {bets.length === 0 ? (
        <p className="cf-muted">{t('cockfight.noBets')}</p>
      ) : (
        <ul className="cf-list">
          {bets.map((bet) => (
            <li key={bet.id}>
              <span>
                {t('cockfight.fight', { no: bet.fightNo })} · <strong>{t(`cockfight.sides.${bet.side}`)}</strong> @{' '}
                {bet.odds}
              </span>
              <span className="cf-list__money">
                {formatAmount(bet.stake)}
                {bet.payout !== null ? ` → ${formatAmount(bet.payout)}` : ''}
              </span>
              <span className={`cf-badge cf-badge--bet-${bet.state}`}>{t(`cockfight.betStates.${bet.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Results({ fights }: { fights: CockfightFight[] }) {
  const { t } = useTranslation();
  return (
    <section className="cf-card" aria-labelledby="cf-recent">
      <h2 id="cf-recent">{t('cockfight.recent')}</h2>
      {fights.length === 0 ? (
        <p className="cf-muted">{t('cockfight.noResults')}</p>
      ) : (
        <ul className="cf-list">
          {fights.map((fight) => (
            <li key={fight.id}>
              <span>{t('cockfight.fight', { no: fight.fightNo })}</span>
              {fight.result ? (
                <span className={`cf-result cf-side--${fight.result.toLowerCase()}`}>
                  {t(`cockfight.sides.${fight.result}`)}
                </span>
              ) : (
                <FightState fight={fight} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Upcoming({ fights }: { fights: CockfightFight[] }) {
  const { t, i18n } = useTranslation();
  if (fights.length === 0) return null;
  return (
    <section className="cf-card" aria-labelledby="cf-upcoming">
      <h2 id="cf-upcoming">{t('cockfight.upcoming')}</h2>
      <ul className="cf-list">
        {fights.map((fight) => (
          <li key={fight.id}>
            <span>{t('cockfight.fight', { no: fight.fightNo })}</span>
            <span className="cf-muted">{formatDateTime(fight.scheduledAt, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /cockfight/live (issue 15 item 4): our arena's stream, the fight taking bets, the slip, my bets, results. */
export function CockfightPage() {
  const { t } = useTranslation();
  const [arenaId, setArenaId] = useState<number | undefined>(undefined);
  const query = useCockfightState(arenaId);
  const data = query.data;
  return (
    <ContentPage title={t('cockfight.title')} intro={t('cockfight.intro')}>
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {data && !data.arena ? (
          <EmptyState title={t('cockfight.noArena')} body={t('cockfight.noArenaBody')} />
        ) : data?.arena ? (
          <div className="cf-page">
            {data.arenas.length > 1 ? (
              <nav className="cf-arenas" aria-label={t('cockfight.arena')}>
                {data.arenas.map((arena) => (
                  <button
                    key={arena.id}
                    type="button"
                    className="button"
                    aria-pressed={arena.id === data.arena!.id}
                    onClick={() => setArenaId(arena.id)}
                  >
                    {arena.name}
                  </button>
                ))}
              </nav>
            ) : null}
            <div className="cf-main">
              <h2 className="cf-arena-name">
                {data.arena.name} <span className="cf-muted cf-live">{t('cockfight.live')}</span>
              </h2>
              <Stream arena={data.arena} />
              {data.current ? <CurrentFight key={data.current.id} fight={data.current} /> : null}
            </div>
            <div className="cf-side-column">
              <MyBets bets={data.myBets} />
              <Results fights={data.recent} />
              <Upcoming fights={data.upcoming} />
            </div>
          </div>
        ) : null}
      </LoadState>
    </ContentPage>
  );
}
