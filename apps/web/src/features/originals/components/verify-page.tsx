import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InhouseRound } from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useCrashState, useRound } from '../api/inhouse.ts';
import { recompute, sameOutcome, seedsAreValid, verifyCrash, type VerifyBet } from '../utils/verify.ts';
import { RoundOutcome } from './round-outcome.tsx';
import '../../../components/ui/form.css';
import '../messages.ts';
import './originals.css';

const GAMES = ['dice', 'mines', 'slot', 'andar-bahar', 'crash'] as const;
type VerifiableGame = (typeof GAMES)[number];

/**
 * Issue 12 item 3: any round recomputed in the browser from its seeds with the server's own engines
 * (packages/games); the query string fills it (a round's "verify" link). A crash round is checked
 * from its hash and the chain's salt instead, and its link to the hash before it.
 */
/** A seed or hash: typed or pasted as it is, never completed or corrected by the browser. */
function SeedField(props: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return <TextField {...props} autoComplete="off" spellCheck={false} />;
}

export function VerifyPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const [game, setGame] = useState<VerifiableGame>(
    (GAMES as readonly string[]).includes(query.get('game') ?? '') ? (query.get('game') as VerifiableGame) : 'dice',
  );
  const [serverSeed, setServerSeed] = useState(query.get('serverSeed') ?? '');
  const [clientSeed, setClientSeed] = useState(query.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(query.get('nonce') ?? '0');
  const [stake, setStake] = useState(query.get('stake') ?? '1.00');
  const [chance, setChance] = useState(query.get('chanceBp') ?? '5000');
  const [direction, setDirection] = useState(query.get('direction') === 'over' ? 'over' : 'under');
  const [mines, setMines] = useState(query.get('mines') ?? '3');
  const [lineBet, setLineBet] = useState(query.get('lineBet') ?? '0.05');
  const [side, setSide] = useState(query.get('side') === 'bahar' ? 'bahar' : 'andar');
  const [hash, setHash] = useState(query.get('hash') ?? '');
  const [salt, setSalt] = useState<string | null>(query.get('salt'));
  const [previousHash, setPreviousHash] = useState(query.get('previousHash') ?? '');

  // A round of the member's own (its link passes roundId): the recomputed outcome is compared with it.
  const token = useSessionToken();
  const roundId = query.get('roundId') ?? '';
  const round = useRound(token, roundId, { enabled: Boolean(token && /^\d{1,16}$/.test(roundId)) });
  // Crash: the salt the link gave, else the published chain's.
  const chainSalt = useCrashState(game === 'crash' && salt === null ? token : null, game === 'crash' && salt === null)
    .data?.chain?.salt;
  const crashSalt = salt ?? chainSalt ?? '';
  const crash = game === 'crash' ? verifyCrash(hash, crashSalt, previousHash) : null;
  const crashShown = (round.data?.outcome as { crashPoint?: unknown } | null | undefined)?.crashPoint;
  const seeds = { serverSeed: serverSeed.trim(), clientSeed: clientSeed.trim(), nonce: Number(nonce) };
  const valid = seedsAreValid(seeds) && /^\d+$/.test(nonce.trim());
  const bet: VerifyBet = useMemo(
    () => ({
      stake,
      chanceBp: Number(chance),
      direction: direction as 'under' | 'over',
      mines: Number(mines),
      lineBet,
      side: side as 'andar' | 'bahar',
    }),
    [stake, chance, direction, mines, lineBet, side],
  );
  let result: ReturnType<typeof recompute> | null = null;
  try {
    result = valid && game !== 'crash' ? recompute(game, seeds, bet) : null;
  } catch {
    result = null;
  }
  const shown: InhouseRound | null = result
    ? {
        roundId: '',
        game,
        gameCode: '',
        nodeId: 0,
        state: 'settled',
        stake,
        payout: result.payout,
        bet: bet as Record<string, unknown>,
        outcome: game === 'mines' ? { ...result.outcome, revealed: [] } : result.outcome,
        balanceBefore: '0.00',
        balanceAfter: '0.00',
        seeds: null,
        createdAt: '',
        settledAt: null,
      }
    : null;

  return (
    <ContentPage title={t('originals.verify.title')} intro={t('originals.verify.intro')}>
      <div className="originals">
        <form className="form originals__controls" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="verify-game">
            {t('originals.verify.game')}
            <select id="verify-game" value={game} onChange={(e) => setGame(e.target.value as VerifiableGame)}>
              {GAMES.map((g) => (
                <option key={g} value={g}>
                  {t(`originals.names.${g}`)}
                </option>
              ))}
            </select>
          </label>
          {game === 'crash' ? (
            <>
              <SeedField id="verify-hash" label={t('originals.verify.crashHash')} value={hash} onChange={setHash} />
              <SeedField id="verify-salt" label={t('originals.verify.salt')} value={crashSalt} onChange={setSalt} />
              <SeedField
                id="verify-previous"
                label={t('originals.verify.previousHash')}
                value={previousHash}
                onChange={setPreviousHash}
              />
            </>
          ) : (
            <>
              <TextField
                id="verify-server"
                label={t('originals.verify.serverSeed')}
                value={serverSeed}
                onChange={setServerSeed}
              />
              <TextField
                id="verify-client"
                label={t('originals.verify.clientSeed')}
                value={clientSeed}
                onChange={setClientSeed}
              />
              <TextField
                id="verify-nonce"
                label={t('originals.verify.nonce')}
                value={nonce}
                onChange={setNonce}
                inputMode="numeric"
              />
            </>
          )}
          {game === 'dice' ? (
            <>
              <TextField
                id="verify-chance"
                label={t('originals.dice.chance', { chance: (Number(chance) / 100).toFixed(2) })}
                value={chance}
                onChange={setChance}
                inputMode="numeric"
              />
              <label htmlFor="verify-direction">
                {t('originals.dice.target', { target: '' })}
                <select id="verify-direction" value={direction} onChange={(e) => setDirection(e.target.value)}>
                  <option value="under">{t('originals.dice.under')}</option>
                  <option value="over">{t('originals.dice.over')}</option>
                </select>
              </label>
            </>
          ) : null}
          {game === 'mines' ? (
            <TextField
              id="verify-mines"
              label={t('originals.mines.count')}
              value={mines}
              onChange={setMines}
              inputMode="numeric"
            />
          ) : null}
          {game === 'slot' ? (
            <TextField
              id="verify-line"
              label={t('originals.slot.lineBet')}
              value={lineBet}
              onChange={setLineBet}
              inputMode="decimal"
            />
          ) : null}
          {game === 'dice' || game === 'andar-bahar' ? (
            <TextField
              id="verify-stake"
              label={t('originals.verify.stake')}
              value={stake}
              onChange={setStake}
              inputMode="decimal"
            />
          ) : null}
          {game === 'andar-bahar' ? (
            <label htmlFor="verify-side">
              {t('originals.andarBahar.side')}
              <select id="verify-side" value={side} onChange={(e) => setSide(e.target.value)}>
                <option value="andar">{t('originals.andarBahar.andar')}</option>
                <option value="bahar">{t('originals.andarBahar.bahar')}</option>
              </select>
            </label>
          ) : null}
        </form>
        <section className="originals__result" aria-live="polite" aria-labelledby="verify-outcome">
          <h2 id="verify-outcome" className="originals__subtitle">
            {t('originals.verify.outcome')}
          </h2>
          {game === 'crash' ? (
            crash ? (
              <>
                <p className="crash-outcome__point" data-testid="verify-crash-point">
                  {t('originals.verify.crashPoint', { point: crash.crashPoint })}
                </p>
                {crash.linked !== null ? (
                  <p className={crash.linked ? 'originals__ok' : 'originals__error'} data-testid="verify-chain">
                    {crash.linked ? t('originals.verify.linked') : t('originals.verify.notLinked')}
                  </p>
                ) : null}
                {round.data?.game === 'crash' && typeof crashShown === 'string' ? (
                  <p
                    className={crashShown === crash.crashPoint ? 'originals__ok' : 'originals__error'}
                    data-testid="verify-verdict"
                  >
                    {crashShown === crash.crashPoint ? t('originals.verify.matches') : t('originals.verify.differs')}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="originals__muted">{t('originals.verify.crashInvalid')}</p>
            )
          ) : result && shown ? (
            <>
              <p>
                {t('originals.verify.hash')}:{' '}
                <code className="originals__hash" data-testid="verify-hash">
                  {result.serverSeedHash}
                </code>
              </p>
              <p className="originals__muted">{t('originals.verify.check')}</p>
              <div data-testid="verify-outcome">
                <RoundOutcome round={shown} />
              </div>
              {round.data ? (
                <p
                  className={
                    sameOutcome(game, result.outcome, round.data.outcome) ? 'originals__ok' : 'originals__error'
                  }
                  data-testid="verify-verdict"
                >
                  {sameOutcome(game, result.outcome, round.data.outcome)
                    ? t('originals.verify.matches')
                    : t('originals.verify.differs')}
                </p>
              ) : null}
              {result.payout !== null ? (
                <p>
                  {t('originals.payout')}: <strong data-testid="verify-payout">{result.payout}</strong>
                </p>
              ) : null}
            </>
          ) : (
            <p className="originals__muted">{t('originals.verify.invalid')}</p>
          )}
        </section>
      </div>
    </ContentPage>
  );
}
