// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessages } from '../../../lib/i18n.ts';
import { FeedbackModal } from './feedback-modal.tsx';

/** A fake server: numbered captchas, and a feedback answer chosen per test. */
let captchasIssued = 0;
let feedbackAnswer: (body: Record<string, unknown>) => { status: number; json: unknown };
const sent: Record<string, unknown>[] = [];

function reply(status: number, json: unknown) {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await initI18n('en');
  await loadMessages('pages'); // as the modal host does when it opens the dialog
});
beforeEach(() => {
  captchasIssued = 0;
  sent.length = 0;
  feedbackAnswer = () => ({ status: 200, json: { success: true, value: { id: 1 } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/wps/captcha')) {
        captchasIssued++;
        const n = String(captchasIssued).padStart(12, '0');
        return reply(200, {
          success: true,
          value: { captchaId: `00000000-0000-4000-8000-${n}`, image: `data:image/svg+xml;base64,${btoa(n)}` },
        });
      }
      if (url === '/wps/feedback' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        const answer = feedbackAnswer(body);
        return reply(answer.status, answer.json);
      }
      return reply(404, { success: false, value: null, code: 'request.not_found', message: 'Not found' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FeedbackModal props={{}} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const field = {
  type: () => screen.getByLabelText(/Question type/) as HTMLSelectElement,
  content: () => screen.getByLabelText(/^Description/) as HTMLTextAreaElement,
  sender: () => screen.getByLabelText(/Your name/) as HTMLInputElement,
  captcha: () => screen.getByLabelText(/^Captcha/) as HTMLInputElement,
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
const captchaImage = () => screen.getByRole('img', { name: 'Captcha image' }) as HTMLImageElement;

async function ready() {
  await waitFor(() => expect(captchaImage()).toBeTruthy());
}

function fill(values: { type?: string; content?: string; sender?: string; captcha?: string }) {
  if (values.type !== undefined) fireEvent.change(field.type(), { target: { value: values.type } });
  if (values.content !== undefined) fireEvent.change(field.content(), { target: { value: values.content } });
  if (values.sender !== undefined) fireEvent.change(field.sender(), { target: { value: values.sender } });
  if (values.captcha !== undefined) fireEvent.change(field.captcha(), { target: { value: values.captcha } });
}

describe('FeedbackModal (§5, §8, §9)', () => {
  it('offers the §9 question types', async () => {
    renderModal();
    await ready();
    const options = [...field.type().options].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ['', 'Choose a question type'],
      ['1', 'Deposit'],
      ['2', 'Withdrawal'],
      ['3', 'Game'],
      ['4', 'Customer service'],
      ['6', 'Apply to become an agent'],
      ['0', 'Others'],
    ]);
  });

  it('gives one warning naming the missing fields, and sends nothing', async () => {
    renderModal();
    await ready();
    submit();
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toBe('Please fill in: Question type, Description, Your name, and Captcha.');
    expect(document.activeElement).toBe(field.type());
    expect(sent).toHaveLength(0);

    // Filled fields drop out of the warning.
    fill({ type: '3', sender: 'rahim' });
    expect(screen.getByRole('alert').textContent).toBe('Please fill in: Description and Captcha.');
  });

  it('counts the description live and stops input at 200 characters', async () => {
    renderModal();
    await ready();
    fill({ content: 'hello' });
    expect(screen.getByText('5/200')).toBeTruthy();
    fill({ content: 'x'.repeat(250) });
    expect(field.content().value).toHaveLength(200);
    expect(screen.getByText('200/200')).toBeTruthy();
    // Bengali: a conjunct counts once, as on the server.
    fill({ content: 'ক্ষ'.repeat(3) });
    expect(screen.getByText('3/200')).toBeTruthy();
  });

  it('refuses a description under 20 characters under the input, not as missing', async () => {
    renderModal();
    await ready();
    fill({ type: '1', content: 'ক্ষ'.repeat(19), sender: 'rahim', captcha: 'ab12' });
    submit();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('The description must be between 20 and 200 characters.')).toBeTruthy();
    expect(field.content().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field.content());
    expect(sent).toHaveLength(0);
  });

  it('sends trimmed values with the captcha id, then thanks and closes', async () => {
    const onClose = renderModal();
    await ready();
    fill({ type: '0', content: `  ${'ক্ষ'.repeat(20)}  `, sender: ' rahim ', captcha: ' ab12 ' });
    submit();
    await screen.findByText('Thank you!');
    expect(sent).toEqual([
      {
        type: 0,
        content: 'ক্ষ'.repeat(20),
        sender: 'rahim',
        captcha: 'ab12',
        captchaId: '00000000-0000-4000-8000-000000000001',
      },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 4000 });
  });

  it('on captcha.invalid shows the error under the captcha, clears the answer and loads a new captcha', async () => {
    feedbackAnswer = () => ({
      status: 400,
      json: {
        success: false,
        value: null,
        code: 'captcha.invalid',
        message: 'Captcha check failed, please try again.',
      },
    });
    renderModal();
    await ready();
    const firstImage = captchaImage().src;
    fill({ type: '2', content: 'My withdrawal is still pending today.', sender: 'rahim', captcha: 'zzzz' });
    submit();
    await screen.findByText('Captcha check failed, please try again.');
    expect(field.captcha().value).toBe('');
    expect(document.activeElement).toBe(field.captcha());
    // The refresh is throttled to once per second after the first load, but it does happen.
    await waitFor(() => expect(captchaImage().src).not.toBe(firstImage), { timeout: 2000 });
    expect(captchasIssued).toBe(2);
  });

  it('shows validation errors from the server under their inputs', async () => {
    feedbackAnswer = () => ({
      status: 400,
      json: {
        success: false,
        value: { fields: [{ field: 'sender', message: 'Too long' }] },
        code: 'request.invalid',
        message: 'Some fields are not valid.',
      },
    });
    renderModal();
    await ready();
    fill({ type: '4', content: 'The agent did not answer my message.', sender: 'rahim', captcha: 'ab12' });
    submit();
    await screen.findByText('Too long');
    expect(field.sender().getAttribute('aria-invalid')).toBe('true');
  });

  it('refreshes the captcha at most once per second however often it is asked', async () => {
    renderModal();
    await ready();
    const refresh = screen.getByRole('button', { name: 'Show a new captcha' });
    act(() => {
      for (let i = 0; i < 5; i++) fireEvent.click(refresh);
    });
    expect(captchasIssued).toBe(1);
    await waitFor(() => expect(captchasIssued).toBe(2), { timeout: 1500 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(captchasIssued).toBe(2);
  });
});
