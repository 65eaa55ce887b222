import { describe, expect, it } from 'vitest';
import { patternById, type RegistrationRule } from '@khela/contracts';
import {
  codesFromUrl,
  defaultRegisterMode,
  registerModes,
  registrationFields,
  validateRegistration,
  type RegistrationRules,
} from './registration-form.ts';

const rule = (patternId: number, min: number, max: number, enabled = true, required = false): RegistrationRule => ({
  enabled,
  required,
  patternId,
  acceptedPattern: patternById(patternId)!.pattern,
  minLength: min,
  maxLength: max,
});

const rules: RegistrationRules = {
  username: rule(2, 6, 16, true, true),
  password: rule(18, 8, 20, true, true),
  confirmPassword: rule(1, 8, 20, true, true),
  mobileNum: rule(22, 11, 11, true, true),
  email: rule(4, 6, 100, true, false),
  payeeName: rule(20, 3, 50, true, true),
  qqNum: rule(7, 5, 12, false, true),
  affiliateCode: rule(5, 4, 16, true, false),
};

describe('sign-up tabs by switch (§2, §4)', () => {
  it('shows each tab only when its switch is on', () => {
    expect(registerModes({ USERNAMEREG3: true, MOBILENUMREG3: true })).toEqual(['username', 'mobile']);
    expect(registerModes({ USERNAMEREG3: true })).toEqual(['username']);
    expect(registerModes({ MOBILENUMREG3: true })).toEqual(['mobile']);
    expect(registerModes({})).toEqual([]);
  });
  it('defaults to mobile when MOBILENUMREG3 is on, else username', () => {
    expect(defaultRegisterMode({ USERNAMEREG3: true, MOBILENUMREG3: true })).toBe('mobile');
    expect(defaultRegisterMode({ USERNAMEREG3: true })).toBe('username');
  });
});

describe('rule-driven fields (§5)', () => {
  const names = (specs: ReturnType<typeof registrationFields>) => specs.map((s) => s.field);

  it('shows enabled fields only, required only when flagged', () => {
    const specs = registrationFields(rules, 'username', {});
    expect(names(specs)).toEqual([
      'username',
      'mobileNum',
      'password',
      'confirmPassword',
      'payeeName',
      'email',
      'affiliateCode',
    ]);
    expect(names(specs)).not.toContain('qqNum'); // disabled although flagged required
    expect(specs.find((s) => s.field === 'payeeName')!.required).toBe(true);
    expect(specs.find((s) => s.field === 'email')!.required).toBe(false);
  });

  it('mobile mode: no username, mobile required, SMS code with REGMOBVERF3, password in step 2 with MOBILENUMPASSREG3', () => {
    const specs = registrationFields({ ...rules, mobileNum: rule(22, 11, 11, false) }, 'mobile', {
      REGMOBVERF3: true,
      MOBILENUMPASSREG3: true,
    });
    expect(names(specs)).not.toContain('username');
    expect(specs.find((s) => s.field === 'mobileNum')).toMatchObject({ required: true, step: 1 });
    expect(specs.find((s) => s.field === 'verificationCode')).toMatchObject({ required: true, step: 1 });
    expect(specs.find((s) => s.field === 'password')!.step).toBe(2);
    expect(specs.find((s) => s.field === 'confirmPassword')!.step).toBe(2);
  });

  it('no SMS code without REGMOBVERF3, one step without MOBILENUMPASSREG3', () => {
    const specs = registrationFields(rules, 'mobile', {});
    expect(names(specs)).not.toContain('verificationCode');
    expect(specs.every((s) => s.step === 1)).toBe(true);
  });
});

describe('validateRegistration (the server’s messages, §5)', () => {
  const specs = registrationFields(rules, 'username', {});

  it('names empty required fields and wrong patterns with min and max', () => {
    const en = validateRegistration(
      { username: '1abc', password: 'Secret123', confirmPassword: 'Secret123' },
      specs,
      'en',
    );
    expect(en.username).toBe('Use English letters and digits, starting with a letter; 6 to 16 characters.');
    expect(en.mobileNum).toBe('This field cannot be empty.');
    expect(en.payeeName).toBe('This field cannot be empty.');
    expect(en.email).toBeUndefined(); // optional and empty
    expect(en.password).toBeUndefined();
    const bn = validateRegistration({ username: '1abc' }, specs, 'bn');
    expect(bn.username).toBe('ইংরেজি অক্ষর ও সংখ্যা ব্যবহার করুন, শুরুতে অক্ষর; ৬ থেকে ১৬ অক্ষর।');
  });

  it('wants the confirmation equal to the password, and valid optional fields', () => {
    const errors = validateRegistration(
      {
        username: 'player99',
        mobileNum: '01712345678',
        password: 'Secret123',
        confirmPassword: 'Secret124',
        payeeName: 'Rahim Uddin',
        email: 'not-an-email',
      },
      specs,
      'en',
    );
    expect(errors).toEqual({
      confirmPassword: 'The two passwords do not match.',
      email: 'The email format is incorrect; 6 to 100 characters.',
    });
  });

  it('checks only the asked step', () => {
    const twoStep = registrationFields(rules, 'mobile', { MOBILENUMPASSREG3: true });
    expect(Object.keys(validateRegistration({}, twoStep, 'en', 1))).not.toContain('password');
    expect(Object.keys(validateRegistration({}, twoStep, 'en', 2))).toEqual(['password', 'confirmPassword']);
  });
});

describe('codes from the link (§3)', () => {
  it('reads affiliateCode, else code, and referralCode', () => {
    expect(codesFromUrl('?affiliateCode=AG01&referralCode=R9')).toEqual({ affiliateCode: 'AG01', referralCode: 'R9' });
    expect(codesFromUrl('?code=AG02')).toEqual({ affiliateCode: 'AG02', referralCode: '' });
    expect(codesFromUrl('')).toEqual({ affiliateCode: '', referralCode: '' });
  });
});
