/** Business constants shared by client and server (§9). */
export const DEFAULT_LANGUAGE = 'bn';

/**
 * The calendar of a merchant not known yet (§9 date shortcuts): the site clock's zone until the
 * status answers. A day of the records is the merchant's day (merchants.time_zone, migration
 * 0019, which defaults to this zone), for the server's windows and the browser's shortcuts alike,
 * wherever the member's device is.
 */
export const RECORDS_TIME_ZONE = 'Asia/Dhaka';

/** §3 white-label switches (modId), and the module switches named in endpoints.md. */
export const SWITCHES = {
  REG3: 'Registration',
  USERNAMEREG3: 'Register by username',
  MOBILENUMREG3: 'Register by mobile number',
  MOBILENUMPASSREG3: 'Mobile registration asks for a password in a second step',
  REGMOBVERF3: 'SMS verification on registration',
  AFFMAN3: 'Affiliate code on registration',
  COMM3: 'Common member features',
  CAPTCHA3: 'Captcha',
  FREEPLAY3: 'Free play (trial accounts)',
  PWDEXPFORCECHANGE3: 'Forced change of expired passwords',
  MOBILEVERCODELOGIN3: 'Log in by SMS code',
  CHNGPASSVERIF3: 'Reset password by SMS code',
  LOGINIPVERF3: 'Verification for unrecognised IPs',
  VERIFICATION3: 'SMS codes for log-in and password reset',
  GAMELO3: 'Game launch',
  GAMELOHOT3: 'Hot games',
  GAMELOFAV3: 'Favourite games',
  GAMELOREC3: 'Recent games',
  AGENTPOLICY3: 'Agent contracts (consolidated info)',
  SIGNCONDIV3: 'Dividend contracts',
  DAILYSALCONT3: 'Daily salary contracts',
  HOURSAL3: 'Hourly salary contracts',
  RTSALARY3: 'Real-time salary contracts',
  AGETRANSFERUP3: 'Transfer to upline',
  FUNDTRANS3: 'Transfer between the main and game wallets',
  PTSYS3: 'Points mall',
  MEMTRANS3: 'Points details',
  MANPLAYREB3: 'Manual rebate',
  PLYRBT: 'Player rebate',
  REWCEN3: 'Reward centre',
  INBOX3: 'Internal messages',
  MISSIONLB3: 'Missions and mission leaderboard',
  CBS3: 'Live hosts and chat',
  FEEDBACK3: 'Feedback',
  DEPOSIT: 'Deposit',
  WITHDRAW: 'Withdrawal',
} as const;
export type SwitchId = keyof typeof SWITCHES;
export const SWITCH_IDS = Object.keys(SWITCHES) as SwitchId[];

/** The tree the status call returns (§3 whitelabel): children hang under their module. */
export const SWITCH_PARENT: Partial<Record<SwitchId, SwitchId>> = {
  USERNAMEREG3: 'REG3',
  MOBILENUMREG3: 'REG3',
  MOBILENUMPASSREG3: 'REG3',
  REGMOBVERF3: 'REG3',
  AFFMAN3: 'REG3',
  FREEPLAY3: 'COMM3',
  PWDEXPFORCECHANGE3: 'COMM3',
  MOBILEVERCODELOGIN3: 'COMM3',
  CHNGPASSVERIF3: 'COMM3',
  LOGINIPVERF3: 'COMM3',
  VERIFICATION3: 'COMM3',
  CAPTCHA3: 'COMM3',
  MANPLAYREB3: 'PLYRBT',
  MEMTRANS3: 'PTSYS3',
  FUNDTRANS3: 'COMM3',
  GAMELOHOT3: 'GAMELO3',
  GAMELOFAV3: 'GAMELO3',
  GAMELOREC3: 'GAMELO3',
  SIGNCONDIV3: 'AGENTPOLICY3',
  DAILYSALCONT3: 'AGENTPOLICY3',
  HOURSAL3: 'AGENTPOLICY3',
  RTSALARY3: 'AGENTPOLICY3',
};

/**
 * §2 "items depend on contract settings", §3 enableSalary/enableContract: the kinds of agent
 * contract the merchant runs, one switch each under AGENTPOLICY3. Agents are offered, and see
 * menu pages for, only the kinds whose switch is in force.
 */
export const CONTRACT_KIND_SWITCHES = {
  dividend: 'SIGNCONDIV3',
  daily_salary: 'DAILYSALCONT3',
  hourly_salary: 'HOURSAL3',
  realtime_salary: 'RTSALARY3',
} as const satisfies Record<string, SwitchId>;

/**
 * §5 pattern catalogue. `acceptedPattern` is a JavaScript `u`-flag regular expression on the
 * wire; '*' means any text. Each id has a message `reg_pattern_<id>` with (min) and (max).
 */
export const PATTERNS = [
  { id: 1, name: 'any', pattern: '*' },
  { id: 2, name: 'letterFirstAlnum', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
  { id: 3, name: 'kanjiDigits', pattern: '^[\\p{Script=Han}0-9]+$' },
  { id: 4, name: 'email', pattern: "^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$" },
  { id: 5, name: 'lettersOrDigits', pattern: '^[A-Za-z0-9]+$' },
  { id: 6, name: 'lettersAndDigits', pattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$' },
  { id: 7, name: 'digits', pattern: '^[0-9]+$' },
  { id: 8, name: 'alnumWithUpper', pattern: '^(?=.*[A-Z])[A-Za-z0-9]+$' },
  { id: 9, name: 'lettersSpaces', pattern: '^[A-Za-z ]+$' },
  { id: 10, name: 'noSpaces', pattern: '^\\S+$' },
  { id: 11, name: 'chinesePunctuation', pattern: '^[\\p{Script=Han}\\u3000-\\u303F\\uFF00-\\uFFEF]+$' },
  { id: 12, name: 'dateYmd', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' },
  { id: 13, name: 'dateMdy', pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4}$' },
  { id: 14, name: 'korean', pattern: '^[\\p{Script=Hangul} ]+$' },
  { id: 15, name: 'thai', pattern: '^[\\p{Script=Thai} ]+$' },
  { id: 16, name: 'thaiOrEnglish', pattern: '^[\\p{Script=Thai}A-Za-z ]+$' },
  { id: 17, name: 'upperSpaces', pattern: '^[A-Z ]+$' },
  { id: 18, name: 'lettersDigitsSymbols', pattern: '^[\\x21-\\x7E]+$' },
  {
    id: 19,
    name: 'upperLowerDigitSpecial',
    pattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9])[\\x21-\\x7E]+$',
  },
  { id: 20, name: 'fullNameTwoWords', pattern: "^[\\p{L}\\p{M}.'-]+(?: [\\p{L}\\p{M}.'-]+)+$" },
  { id: 21, name: 'japanese', pattern: '^[\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Han}ー]+$' },
  { id: 22, name: 'bangladeshMobile', pattern: '^01[3-9][0-9]{8}$' },
] as const;
export type PatternId = (typeof PATTERNS)[number]['id'];

export function patternById(id: number) {
  return PATTERNS.find((p) => p.id === id);
}

/** Tests `text` against a catalogue pattern and length bounds, as client and server both must. */
export function matchesRule(
  text: string,
  rule: { acceptedPattern: string; minLength: number; maxLength: number },
): boolean {
  const length = [...text].length;
  if (length < rule.minLength || length > rule.maxLength) return false;
  if (rule.acceptedPattern === '*') return true;
  return new RegExp(rule.acceptedPattern, 'u').test(text);
}

/** §3 registration fields that carry a rule. */
export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** §5 and §9 feedback rules. */
export const FEEDBACK = {
  minLength: 20,
  maxLength: 200,
  /** §9 question types: 1 deposit, 2 withdrawal, 3 game, 4 customer service, 6 apply agent, 0 others. */
  types: [0, 1, 2, 3, 4, 6] as const,
} as const;

/** §9: captcha may be refreshed once per second; answers live this long. */
export const CAPTCHA = { ttlSeconds: 300, refreshMs: 1000, length: 4 } as const;

/** §3 banner groups, announcement types and popup executions. */
export const BANNER_GROUPS = ['w_home', 'w_promotion', 'w_login', 'w_register', 'w_leftmenu', 'w_forget'] as const;
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const POPUP_EXECUTIONS = ['A', 'B', 'F'] as const;
export const LINKAGE_TYPES = ['NONE', 'URL', 'ROUTE', 'GAME', 'PROMOTION'] as const;
export const RESOURCE_TYPES = [
  'Android',
  'IOS',
  'MOBILECONFIG',
  'WHATSAPP',
  'FACEBOOK',
  'INSTAGRAM',
  'TELEGRAM',
  'YOUTUBE',
] as const;
export const CS_TYPES = ['LIVECHAT', 'WHATSAPP', 'TELEGRAM', 'FACEBOOK', 'PHONE', 'EMAIL'] as const;
export const DEVICES = ['WEB', 'MOBILE'] as const;

/** §4 system status. */
export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;

/** Largest request body accepted anywhere (issue 2: bodies over 1 MiB are refused). */
export const MAX_BODY_BYTES = 1024 * 1024;
