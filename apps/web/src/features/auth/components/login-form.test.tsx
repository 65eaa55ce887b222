// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { registerNavigate } from '../../../lib/navigation.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { PASSWORD_EXPIRED_KEY } from '../utils/session.ts';
import { LoginForm, type LoginFormProps } from './login-form.tsx';
import { fail, memberSession, ok, stubServer, type Answer } from './test-server.ts';

beforeAll(async () => {
  await initI18n('en');
});
let loginAnswers: Answer[] = [];
let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  sessionStorage.clear();
  loginAnswers = [];
  server = stubServer((url) => (url === '/wps/session/login' ? loginAnswers.shift() : undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(props: Partial<LoginFormProps> = {}) {
  const onLoggedIn = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LoginForm smsLogin={false} onLoggedIn={onLoggedIn} {...props} />
    </QueryClientProvider>,
  );
  return onLoggedIn;
}

function fillAndSubmit(username = 'player01', password = 'Player@123') {
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('offers the SMS tab only when MOBILEVERCODELOGIN3 is on (§2)', () => {
    renderForm({ smsLogin: false });
    expect(screen.queryByRole('tab')).toBeNull();
    cleanup();
    renderForm({ smsLogin: true });
    expect(screen.getByRole('tab', { name: 'Mobile SMS' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile SMS' }));
    expect(screen.getByLabelText(/^Mobile number/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('names empty fields under their inputs without calling the server', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('This field cannot be empty.')).toHaveLength(2);
    expect(server.calls.filter((c) => c.includes('/wps/session/login'))).toEqual([]);
  });

  it('shows the captcha when the error value asks for it (§4), and sends its answer next time', async () => {
    loginAnswers = [
      fail(401, 'auth.invalid_credentials', 'Wrong username or password.', { captcha: true }),
      ok(memberSession()),
    ];
    const onLoggedIn = renderForm();
    expect(screen.queryByLabelText(/^Captcha/)).toBeNull();
    fillAndSubmit();
    expect(await screen.findByText('Wrong username or password.')).toBeTruthy();
    const captcha = await screen.findByLabelText(/^Captcha/);
    await waitFor(() => expect(server.captchasIssued()).toBe(1));
    fireEvent.change(captcha, { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(sessionStore.token()).toBe('a'.repeat(64));
    expect(sessionStorage.getItem('nickname')).toBe('Player One');
  });

  it('asks for the forced change after a password log-in with an expired password (§4)', async () => {
    loginAnswers = [ok(memberSession({ passwordExpired: true }))];
    const onLoggedIn = renderForm();
    fillAndSubmit();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(onLoggedIn.mock.calls[0]![1]).toBe(true);
    expect(sessionStore.flag(PASSWORD_EXPIRED_KEY)).toBe(true);
  });

  it('does not force the change after an SMS log-in (§4)', async () => {
    loginAnswers = [ok(memberSession({ passwordExpired: true }))];
    const onLoggedIn = renderForm({ smsLogin: true });
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile SMS' }));
    fireEvent.change(screen.getByLabelText(/^Mobile number/), { target: { value: '01712345678' } });
    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(onLoggedIn.mock.calls[0]![1]).toBe(false);
    expect(sessionStore.flag(PASSWORD_EXPIRED_KEY)).toBe(false);
  });

  it('moves to the verification step for an unrecognised IP (§2)', async () => {
    loginAnswers = [
      fail(403, 'auth.verification_required', 'Please complete verification first', {
        challenge: 'c'.repeat(43),
        methods: ['sms', 'payeeName'],
        mobile: '*******5678',
        email: null,
      }),
    ];
    renderForm();
    fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Verify and log in' })).toBeTruthy();
    expect(screen.getByLabelText('A code to my mobile')).toBeTruthy();
    expect(screen.getByText('Sent to *******5678')).toBeTruthy();
  });

  it('shows the end date of a self-exclusion', async () => {
    loginAnswers = [
      fail(403, 'auth.self_excluded', 'This account is self-excluded until the date shown.', {
        until: '2026-07-01T00:00:00+06:00',
      }),
    ];
    renderForm();
    fillAndSubmit();
    const alert = await screen.findByRole('alert');
    const date = formatDateTime('2026-07-01T00:00:00+06:00', 'en');
    expect(alert.textContent).toBe(`This account is self-excluded until the date shown. (${date})`);
    expect(date).toMatch(/2026.*GMT/);
  });

  it("keeps §8's text for an agent at the member log-in and points to the agent centre's log-in", async () => {
    loginAnswers = [fail(403, 'auth.not_member', 'Non-member account unable to login', { agent: true })];
    const navigate = vi.fn();
    registerNavigate(navigate);
    const onLeave = vi.fn();
    renderForm({ onLeave });
    fillAndSubmit('agent01');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Non-member account unable to login');
    fireEvent.click(screen.getByRole('link', { name: 'Go to the agent centre log-in' }));
    expect(onLeave).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/agent', {});
    registerNavigate(null);
  });

  it('offers no agent centre link for another non-member refusal (a trial account)', async () => {
    loginAnswers = [fail(403, 'auth.not_member', 'Non-member account unable to login')];
    renderForm();
    fillAndSubmit('trial01');
    expect((await screen.findByRole('alert')).textContent).toBe('Non-member account unable to login');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
