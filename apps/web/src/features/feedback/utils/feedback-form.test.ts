import { describe, expect, it } from 'vitest';
import { checkFeedback, limitCharacters, serverErrors, type FeedbackValues } from './feedback-form.ts';

const filled: FeedbackValues = {
  type: '1',
  content: 'My deposit has not arrived yet.',
  sender: 'rahim',
  captcha: 'ab12',
};

describe('checkFeedback (§5)', () => {
  it('names every missing field, in form order', () => {
    expect(checkFeedback({ type: '', content: '', sender: '', captcha: '' }, true).missing).toEqual([
      'type',
      'content',
      'sender',
      'captcha',
    ]);
  });

  it('counts whitespace-only text as missing (inputs are trimmed)', () => {
    const check = checkFeedback({ ...filled, content: '   \n ', sender: '  ', captcha: ' ' }, true);
    expect(check.missing).toEqual(['content', 'sender', 'captcha']);
    expect(check.contentLength).toBe(false);
  });

  it('accepts question type 0 (others) as chosen', () => {
    expect(checkFeedback({ ...filled, type: '0' }, true).missing).toEqual([]);
  });

  it('does not ask for a captcha when the site has none', () => {
    expect(checkFeedback({ ...filled, captcha: '' }, false).missing).toEqual([]);
    expect(checkFeedback({ ...filled, captcha: '' }, true).missing).toEqual(['captcha']);
  });

  it('wants 20 to 200 characters after trimming', () => {
    const text = (n: number) => 'a'.repeat(n);
    expect(checkFeedback({ ...filled, content: text(19) }, true).contentLength).toBe(true);
    expect(checkFeedback({ ...filled, content: `  ${text(19)}  ` }, true).contentLength).toBe(true);
    expect(checkFeedback({ ...filled, content: text(20) }, true).contentLength).toBe(false);
    expect(checkFeedback({ ...filled, content: text(200) }, true).contentLength).toBe(false);
    expect(checkFeedback({ ...filled, content: text(201) }, true).contentLength).toBe(true);
  });

  it('counts Bengali text as the server does: a conjunct is one character', () => {
    // 'ক্ষ' is three code points (ক ্ ষ) but one character to a reader and to the server.
    const conjunct = 'ক্ষ';
    expect([...conjunct.repeat(20)].length).toBe(60);
    expect(checkFeedback({ ...filled, content: conjunct.repeat(19) }, true).contentLength).toBe(true);
    expect(checkFeedback({ ...filled, content: conjunct.repeat(20) }, true).contentLength).toBe(false);
    expect(checkFeedback({ ...filled, content: conjunct.repeat(200) }, true).contentLength).toBe(false);
    expect(checkFeedback({ ...filled, content: conjunct.repeat(201) }, true).contentLength).toBe(true);
  });
});

describe('limitCharacters (§5 input limit 200)', () => {
  it('leaves text within the limit alone', () => {
    expect(limitCharacters('hello', 200)).toBe('hello');
  });
  it('cuts longer text at the limit', () => {
    expect(limitCharacters('a'.repeat(250), 200)).toBe('a'.repeat(200));
  });
  it('cuts Bengali text between characters, never inside one', () => {
    const cut = limitCharacters('ক্ষ'.repeat(250), 200);
    expect(cut).toBe('ক্ষ'.repeat(200));
    expect(cut.endsWith('্')).toBe(false);
  });
});

describe('serverErrors (§8 field errors under each input)', () => {
  it('puts the length refusal under the description', () => {
    expect(serverErrors({ code: 'feedback.content_length', message: 'too short' })).toEqual({ content: 'too short' });
  });
  it('puts captcha refusals under the captcha', () => {
    expect(serverErrors({ code: 'captcha.invalid', message: 'wrong' })).toEqual({ captcha: 'wrong' });
    expect(serverErrors({ code: 'captcha.required', message: 'needed' })).toEqual({ captcha: 'needed' });
  });
  it('maps validation fields to inputs and keeps the rest for the form', () => {
    const found = serverErrors({
      code: 'request.invalid',
      message: 'Some fields are not valid.',
      value: {
        fields: [
          { field: 'sender', message: 'too long' },
          { field: 'captchaId', message: 'bad id' },
          { field: 'other', message: 'odd' },
        ],
      },
    });
    expect(found).toEqual({ sender: 'too long', captcha: 'bad id', form: 'odd' });
  });
  it('shows anything else above the form', () => {
    expect(serverErrors({ code: 'request.rate_limited', message: 'slow down' })).toEqual({ form: 'slow down' });
  });
});
