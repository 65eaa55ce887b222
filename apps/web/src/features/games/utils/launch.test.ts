import { describe, expect, it } from 'vitest';
import { launchRefusal, launchStep, lotteryPath, playPath, type LaunchTarget } from './launch.ts';

const game = (extra: Partial<LaunchTarget> = {}): LaunchTarget => ({
  gameCode: 'padma-baccarat-1',
  vassalage: 'PADMA',
  nodeId: 16,
  gameType: 'LIVE',
  isGame: 'GAME',
  status: 'on',
  name: 'Padma Baccarat 1',
  ...extra,
});

describe('launchStep (§4 game launch)', () => {
  it('sends a visitor to the log-in modal, whatever the game', () => {
    expect(launchStep('visitor', game())).toEqual({ kind: 'login' });
    expect(launchStep('visitor', game({ isGame: 'VASSALAGE' }))).toEqual({ kind: 'login' });
    expect(launchStep('visitor', game({ status: 'maintenance' }))).toEqual({ kind: 'login' });
  });

  it('refuses a trial account with the real-account notice (§8 in_need_true_account)', () => {
    expect(launchStep('trial', game())).toEqual({ kind: 'trial' });
    expect(launchStep('trial', game({ vassalage: 'TCG_SEA' }))).toEqual({ kind: 'trial' });
  });

  it('routes lottery vendors to their pages with the game code', () => {
    expect(launchStep('member', game({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameCode: 'n-1' }))).toEqual({
      kind: 'route',
      to: '/vnLottery?gameCode=n-1',
    });
    expect(launchStep('member', game({ vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: 's 4d' }))).toEqual({
      kind: 'route',
      to: '/seaLottery?gameCode=s+4d',
    });
    expect(launchStep('agent', game({ vassalage: 'BHAGYA', gameType: 'ELOTT', gameCode: 'b-5d' }))).toEqual({
      kind: 'route',
      to: '/lottery?gameCode=b-5d',
    });
    expect(lotteryPath({ vassalage: 'x', gameType: 'lott' })).toBe('/lottery');
    expect(lotteryPath({ vassalage: 'PADMA', gameType: 'LIVE' })).toBeNull();
  });

  it('opens the popup game list for a VASSALAGE entry', () => {
    expect(launchStep('member', game({ isGame: 'VASSALAGE', vassalage: 'NAKSHI', name: 'All Nakshi games' }))).toEqual({
      kind: 'popup',
      vassalage: 'NAKSHI',
      name: 'All Nakshi games',
    });
  });

  it('gives the maintenance notice for a game under maintenance, without a call', () => {
    expect(launchStep('member', game({ status: 'maintenance' }))).toEqual({ kind: 'maintenance' });
  });

  it('plays any other game in the game frame, its address naming the game and never a token', () => {
    expect(launchStep('member', game())).toEqual({
      kind: 'play',
      to: '/seamless?gameCode=padma-baccarat-1&vassalage=PADMA&nodeId=16',
    });
    expect(playPath({ gameCode: 'x&y' })).toBe('/seamless?gameCode=x%26y');
  });
});

describe('launchRefusal (§8)', () => {
  it('maps the server codes that need their own screen', () => {
    expect(launchRefusal('auth.not_logged_in')).toBe('login');
    expect(launchRefusal('auth.trial_account')).toBe('trial');
    expect(launchRefusal('game.maintenance')).toBe('maintenance');
    for (const code of ['game.not_found', 'auth.self_excluded', 'game.vendor_unavailable', 'client.network']) {
      expect(launchRefusal(code)).toBe('message');
    }
  });
});
