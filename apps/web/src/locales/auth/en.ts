/**
 * English strings of the account forms (log-in, registration, passwords, security centre, game
 * launch): not in the first-load catalogue; lib/i18n.ts adds them when an auth component loads
 * (features/auth/messages.ts). The header's account strings stay in ../en.ts.
 */
const en = {
  auth: {
    fields: {
      username: 'Username',
      agentUsername: 'Agent username',
      password: 'Password',
      confirmPassword: 'Confirm password',
      payeeName: 'Real name (as on your bank account)',
      email: 'E-mail',
      qqNum: 'QQ number',
      mobileNum: 'Mobile number',
      recommenderId: 'Recommender ID',
      captcha: 'Captcha',
      verificationCode: 'Verification code',
      affiliateCode: 'Invitation code',
      paymentPassword: 'Withdrawal password',
      line: 'LINE',
      whatsapp: 'WhatsApp',
      facebook: 'Facebook',
      wechat: 'WeChat',
      idNumber: 'ID number',
      oldPassword: 'Current password',
      newPassword: 'New password',
      confirmNewPassword: 'Confirm new password',
    },
    errors: {
      required: 'This field cannot be empty.',
      mobileRequired: 'Please enter your mobile number first.',
      captchaRequired: 'Please enter the captcha.',
    },
    sms: {
      send: 'Send code',
      sending: 'Sending…',
      resendIn: 'Resend in {{seconds}} s',
    },
    login: {
      modes: 'How to log in',
      tabUsername: 'Username',
      tabSms: 'Mobile SMS',
      remember: 'Remember me',
      forgot: 'Forgot password?',
      submit: 'Log in',
      submitting: 'Logging in…',
      freePlay: 'Free play (trial account)',
      noAccount: 'No account yet?',
      register: 'Sign up',
      agentHint: 'This is an agent account. Agents log in at the agent centre.',
      agentLink: 'Go to the agent centre log-in',
    },
    verify: {
      intro: 'You are logging in from a new network. Please confirm that this account is yours.',
      method: 'Verify with',
      methods: { sms: 'A code to my mobile', email: 'A code to my e-mail', payeeName: 'My bank account name' },
      destination: 'Sent to {{to}}',
      codeSent: 'A code was sent to {{to}}.',
      submit: 'Verify and log in',
      back: 'Back',
    },
    register: {
      modes: 'How to sign up',
      tab: { username: 'Username', mobile: 'Mobile number' },
      step: 'Step {{step}} of {{total}}',
      terms: 'I have read and agree to the terms and conditions.',
      termsRequired: 'Please tick the box to agree to the terms.',
      adult: 'I confirm that I am at least 18 years old.',
      adultRequired: 'You must be at least 18 years old to sign up.',
      next: 'Next',
      back: 'Back',
      submit: 'Create account',
      submitting: 'Creating your account…',
      haveAccount: 'Already have an account?',
      login: 'Log in',
      closed: 'Sign-up is not open right now. Please contact customer service.',
    },
    password: {
      forcedIntro: 'For your security, please set a new password before you continue.',
      save: 'Change password',
      saving: 'Saving…',
    },
    forgot: {
      modes: 'How to reset',
      tabEmail: 'By e-mail',
      tabMobile: 'By mobile',
      emailIntro: 'Enter your username and the e-mail on your account. We will send you a reset code.',
      mobileIntro: 'Enter your registered mobile number. We will send you a code by SMS.',
      sendEmail: 'Send reset code',
      sent: 'If the details match an account, the reset code has been sent to your e-mail.',
      reset: 'Set new password and log in',
      again: 'Send the code again',
    },
    logout: {
      question: 'Do you want to sign out?',
      confirm: 'Sign out',
      pending: 'Signing out…',
    },
    trial: {
      title: 'Trial account',
      notice:
        'You are using a trial account. Please register a real account to play for real money and use the member centre.',
      register: 'Register a real account',
    },
    notice: { title: 'Notice' },
    security: {
      accountTitle: 'Your account',
      account: 'Username',
      registered: 'Registered',
      previousLogin: 'Previous log-in',
      previousIp: 'Previous log-in IP',
      firstLogin: 'This is your first log-in',
    },
    protection: {
      title: 'Player protection',
      intro:
        'Take control of your play. A break or a self-exclusion starts at once, signs you out everywhere and cannot be cancelled before it ends.',
      none: 'No break or self-exclusion is in force.',
      selfExcludedUntil: 'Self-excluded until {{date}}.',
      coolingOffUntil: 'On a break until {{date}}.',
      chooseFirst: 'Please choose a period first.',
      continue: 'Continue',
      periods: {
        '1d': '1 day',
        '3d': '3 days',
        '1w': '1 week',
        '2w': '2 weeks',
        '1m': '1 month',
        '3m': '3 months',
        '6m': '6 months',
        '1y': '1 year',
        '5y': '5 years',
      },
      coolingOff: {
        title: 'Take a break',
        explain: 'A short pause from 1 day to 3 months: you cannot log in or place bets until it is over.',
        choose: 'Length of the break',
        confirm:
          'You will be signed out and unable to log in or bet for {{period}}. This cannot be undone. Enter your password to confirm.',
        submit: 'Start the break',
        doneTitle: 'Your break has started',
        done: 'You have been signed out. You can log in again after {{date}}.',
      },
      selfExclusion: {
        title: 'Self-exclusion',
        explain:
          'For a longer stop of 6 months, 1 year or 5 years: the account is closed to log-in and betting for the whole term.',
        choose: 'Length of the self-exclusion',
        confirm:
          'You will be signed out and excluded for {{period}}. This cannot be undone. Enter your password to confirm.',
        submit: 'Exclude me',
        doneTitle: 'Self-exclusion is in force',
        done: 'You have been signed out. The account stays closed until {{date}}.',
      },
    },
    game: {
      launching: 'Opening the game…',
      open: 'Open the game',
    },
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type AuthMessages = Widen<typeof en>;
export default en as AuthMessages;
