/**
 * Stable error codes with their HTTP class and the §8 text in each language.
 * The server answers `{ success: false, code, message }`; clients branch on `code` only.
 */
export const LANGUAGES = ['bn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

interface ErrorEntry {
  readonly status: number;
  readonly en: string;
  readonly bn: string;
}

export const errorCatalog = {
  // The wire (ARCHITECTURE §3)
  'request.invalid': { status: 400, en: 'Some fields are not valid.', bn: 'কিছু তথ্য সঠিক নয়।' },
  'request.malformed_json': {
    status: 400,
    en: 'The request could not be read.',
    bn: 'অনুরোধটি পড়া যায়নি।',
  },
  'request.too_large': {
    status: 413,
    en: 'The request is too large.',
    bn: 'অনুরোধটি অনেক বড়।',
  },
  'request.unsupported_media_type': {
    status: 415,
    en: 'This kind of content is not accepted.',
    bn: 'এই ধরনের কনটেন্ট গ্রহণযোগ্য নয়।',
  },
  'request.encryption_required': {
    status: 400,
    en: 'This request must be encrypted.',
    bn: 'এই অনুরোধটি এনক্রিপ্ট করা আবশ্যক।',
  },
  'request.decryption_failed': {
    status: 400,
    en: 'The encrypted request could not be opened.',
    bn: 'এনক্রিপ্ট করা অনুরোধটি খোলা যায়নি।',
  },
  'request.not_found': {
    status: 404,
    en: 'Not found.',
    bn: 'পাওয়া যায়নি।',
  },
  'request.method_not_allowed': {
    status: 405,
    en: 'This method is not allowed here.',
    bn: 'এখানে এই পদ্ধতি অনুমোদিত নয়।',
  },
  'request.rate_limited': {
    status: 429,
    en: 'Too many requests, please try again later.',
    bn: 'অনেক বেশি অনুরোধ, কিছুক্ষণ পরে আবার চেষ্টা করুন।',
  },
  'server.unknown_error': { status: 500, en: 'Unknown error', bn: 'অজানা ত্রুটি' },
  'server.network_abnormal': {
    status: 503,
    en: 'Network link is abnormal, please try again',
    bn: 'নেটওয়ার্ক সংযোগে সমস্যা, আবার চেষ্টা করুন',
  },

  // Merchant and system (§8)
  'merchant.invalid_url': {
    status: 400,
    en: 'Invalid URL, please contact customer service',
    bn: 'অবৈধ URL, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন',
  },
  'system.maintenance': {
    status: 503,
    en: 'The system is under maintenance.',
    bn: 'সিস্টেম রক্ষণাবেক্ষণ চলছে।',
  },
  'system.feature_disabled': {
    status: 403,
    en: 'This operation is not enabled.',
    bn: 'এই কাজটি চালু নেই।',
  },
  'system.access_restricted': {
    status: 403,
    en: 'Access restricted',
    bn: 'প্রবেশাধিকার সীমিত',
  },

  // Sessions (§8)
  'auth.not_logged_in': {
    status: 401,
    en: 'You are not logged in, please login',
    bn: 'আপনি লগ ইন করেননি, অনুগ্রহ করে লগ ইন করুন',
  },
  'auth.invalid_credentials': {
    status: 401,
    en: 'Wrong username or password.',
    bn: 'ইউজারনেম বা পাসওয়ার্ড ভুল।',
  },
  'auth.credentials_required': {
    status: 400,
    en: 'Please enter the username and password',
    bn: 'অনুগ্রহ করে ইউজারনেম ও পাসওয়ার্ড লিখুন',
  },
  'auth.forbidden': {
    status: 403,
    en: 'You do not have permission to do this.',
    bn: 'এটি করার অনুমতি আপনার নেই।',
  },
  'auth.verification_required': {
    status: 403,
    en: 'Please complete verification first',
    bn: 'অনুগ্রহ করে আগে যাচাই সম্পন্ন করুন',
  },

  'auth.account_not_found': {
    status: 404,
    en: 'Username/Email does not exist',
    bn: 'ইউজারনেম/ইমেইল বিদ্যমান নেই',
  },
  'auth.contact_agent': {
    status: 403,
    en: 'Please contact your agent',
    bn: 'অনুগ্রহ করে আপনার এজেন্টের সাথে যোগাযোগ করুন',
  },
  'auth.not_member': {
    status: 403,
    en: 'Non-member account unable to login',
    bn: 'সদস্য নয় এমন অ্যাকাউন্ট দিয়ে লগ ইন করা যাবে না',
  },
  'auth.not_agent': {
    status: 403,
    en: 'This account is not an agent.',
    bn: 'এই অ্যাকাউন্টটি এজেন্ট নয়।',
  },
  'auth.trial_account': {
    status: 403,
    en: 'Please use a real account to continue.',
    bn: 'চালিয়ে যেতে অনুগ্রহ করে আসল অ্যাকাউন্ট ব্যবহার করুন।',
  },

  'auth.self_excluded': {
    status: 403,
    en: 'This account is self-excluded until the date shown.',
    bn: 'এই অ্যাকাউন্টটি দেখানো তারিখ পর্যন্ত স্ব-বর্জিত।',
  },
  'auth.cooling_off': {
    status: 403,
    en: 'This account is taking a break until the date shown.',
    bn: 'এই অ্যাকাউন্টটি দেখানো তারিখ পর্যন্ত বিরতিতে আছে।',
  },
  'auth.ticket_invalid': {
    status: 401,
    en: 'This log-in link has expired or was already used. Please log in.',
    bn: 'এই লগ-ইন লিংকের মেয়াদ শেষ বা আগেই ব্যবহৃত হয়েছে। অনুগ্রহ করে লগ ইন করুন।',
  },
  'auth.remember_invalid': {
    status: 401,
    en: 'The saved log-in has expired. Please log in.',
    bn: 'সংরক্ষিত লগ-ইনের মেয়াদ শেষ। অনুগ্রহ করে লগ ইন করুন।',
  },
  'auth.challenge_invalid': {
    status: 401,
    en: 'The verification has expired. Please log in again.',
    bn: 'যাচাইয়ের মেয়াদ শেষ। অনুগ্রহ করে আবার লগ ইন করুন।',
  },
  'auth.verification_failed': {
    status: 400,
    en: 'The verification answer is not correct.',
    bn: 'যাচাইয়ের উত্তর সঠিক নয়।',
  },

  // Passwords (§5)
  'password.wrong_old': {
    status: 400,
    en: 'The current password is not correct.',
    bn: 'বর্তমান পাসওয়ার্ড সঠিক নয়।',
  },
  'password.reset_code_invalid': {
    status: 400,
    en: 'The reset code is not valid or has expired.',
    bn: 'রিসেট কোডটি সঠিক নয় অথবা মেয়াদ শেষ।',
  },

  // Registration (§5)
  'member.already_registered': {
    status: 409,
    en: 'This account is already registered.',
    bn: 'এই অ্যাকাউন্টটি আগেই নিবন্ধিত হয়েছে।',
  },
  'member.invalid_affiliate': {
    status: 400,
    en: 'Invalid invitation code.',
    bn: 'আমন্ত্রণ কোডটি সঠিক নয়।',
  },

  // Phone verification (§8)
  'sms.invalid_mobile': {
    status: 400,
    en: 'Please enter a valid mobile number.',
    bn: 'অনুগ্রহ করে সঠিক মোবাইল নম্বর দিন।',
  },
  'sms.too_many_requests': {
    status: 429,
    en: 'Too many requests, please try again after 5 minutes.',
    bn: 'অনেক বেশি অনুরোধ, ৫ মিনিট পরে আবার চেষ্টা করুন।',
  },
  'sms.invalid_code': {
    status: 400,
    en: 'Please enter a valid verification code.',
    bn: 'অনুগ্রহ করে সঠিক যাচাইকরণ কোড দিন।',
  },
  'sms.code_expired': {
    status: 400,
    en: 'The verification code has expired, please send a new one.',
    bn: 'যাচাইকরণ কোডের মেয়াদ শেষ, অনুগ্রহ করে নতুন কোড পাঠান।',
  },
  'sms.quota_exceeded': {
    status: 429,
    en: 'The message quota is used up, please contact customer service.',
    bn: 'বার্তার কোটা শেষ, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন।',
  },

  'sms.not_registered': {
    status: 400,
    en: 'This mobile number is not registered.',
    bn: 'এই মোবাইল নম্বরটি নিবন্ধিত নয়।',
  },

  // Wallet and ledger (ARCHITECTURE §4)
  'wallet.insufficient_funds': {
    status: 409,
    en: 'Insufficient balance.',
    bn: 'পর্যাপ্ত ব্যালেন্স নেই।',
  },
  'wallet.duplicate_transaction': {
    status: 409,
    en: 'This transaction reference was already used for a different transaction.',
    bn: 'এই লেনদেন রেফারেন্সটি আগেই অন্য একটি লেনদেনে ব্যবহৃত হয়েছে।',
  },
  'wallet.payment_password_required': {
    status: 400,
    en: 'Please enter your payment password.',
    bn: 'অনুগ্রহ করে আপনার পেমেন্ট পাসওয়ার্ড দিন।',
  },
  // Issue 13: the agent's team (modules/agents/downlines)
  'agent.downline_not_found': {
    status: 404,
    en: 'This member is not in your team.',
    bn: 'এই সদস্য আপনার টিমে নেই।',
  },
  'agent.downline_rate_limited': {
    status: 429,
    en: 'You have opened many accounts in a short time. Please try again in a while.',
    bn: 'আপনি অল্প সময়ে অনেকগুলো অ্যাকাউন্ট খুলেছেন। কিছুক্ষণ পরে আবার চেষ্টা করুন।',
  },
  'wallet.member_not_found': {
    status: 404,
    en: 'No such member among your downlines.',
    bn: 'আপনার ডাউনলাইনে এমন কোনো সদস্য নেই।',
  },
  'wallet.no_upline': {
    status: 409,
    en: 'Your account has no upline to transfer to.',
    bn: 'আপনার অ্যাকাউন্টের কোনো আপলাইন নেই যেখানে স্থানান্তর করা যায়।',
  },
  'wallet.vendor_not_found': {
    status: 404,
    en: 'This game wallet does not exist.',
    bn: 'এই গেম ওয়ালেটটি নেই।',
  },
  // Issue 13: agent contracts and their settlement (modules/agents/contracts, modules/agents/settlement)
  'contract.invalid_rate': {
    status: 400,
    en: 'Each rate must be a number from 0 to 100 with at most 2 decimals.',
    bn: 'প্রতিটি হার ০ থেকে ১০০-এর মধ্যে সর্বোচ্চ ২ দশমিকের একটি সংখ্যা হতে হবে।',
  },
  'contract.invalid_tiers': {
    status: 400,
    en: 'Give 1 to 10 tiers, each with a whole number of active members and a bet amount.',
    bn: '১ থেকে ১০টি স্তর দিন, প্রতিটিতে সক্রিয় সদস্যের পূর্ণ সংখ্যা ও বাজির পরিমাণ সহ।',
  },
  'contract.overlapping_tiers': {
    status: 400,
    en: 'Tiers must not overlap: each tier needs higher minimums and a higher rate than the one before.',
    bn: 'স্তরগুলো একে অপরের সাথে মিলতে পারবে না: প্রতিটি স্তরের ন্যূনতম সীমা ও হার আগেরটির চেয়ে বেশি হতে হবে।',
  },
  'contract.invalid_period': {
    status: 400,
    en: 'Choose a dividend period: Daily, Weekly, Semimonthly or Monthly.',
    bn: 'একটি লভ্যাংশের সময়কাল বেছে নিন: দৈনিক, সাপ্তাহিক, অর্ধমাসিক বা মাসিক।',
  },
  'contract.rate_above_upline': {
    status: 400,
    en: "A downline's rate cannot be higher than your own rate for this contract.",
    bn: 'ডাউনলাইনের হার এই চুক্তিতে আপনার নিজের হারের চেয়ে বেশি হতে পারে না।',
  },
  'contract.kind_not_offered': {
    status: 403,
    en: 'This site does not offer contracts of this kind.',
    bn: 'এই সাইটে এই ধরনের চুক্তি দেওয়া হয় না।',
  },
  'contract.upline_has_no_contract': {
    status: 409,
    en: 'You need an active contract of this kind before you can offer one.',
    bn: 'এই ধরনের চুক্তি দেওয়ার আগে আপনার নিজের একটি সক্রিয় চুক্তি থাকতে হবে।',
  },
  'contract.member_not_found': {
    status: 404,
    en: 'No such member among your downlines.',
    bn: 'আপনার ডাউনলাইনে এমন কোনো সদস্য নেই।',
  },
  'contract.not_direct_downline': {
    status: 400,
    en: 'Contracts can only be offered to your direct downlines.',
    bn: 'চুক্তি শুধুমাত্র আপনার সরাসরি ডাউনলাইনকে দেওয়া যায়।',
  },
  'contract.not_found': {
    status: 404,
    en: 'This contract does not exist.',
    bn: 'এই চুক্তিটি নেই।',
  },
  'contract.already_decided': {
    status: 409,
    en: 'This contract has already been decided.',
    bn: 'এই চুক্তির সিদ্ধান্ত আগেই নেওয়া হয়েছে।',
  },
  'contract.payout_not_found': {
    status: 404,
    en: 'No such contract period.',
    bn: 'এমন কোনো চুক্তির সময়কাল নেই।',
  },
  'contract.payout_paid': {
    status: 409,
    en: 'This period has already been paid.',
    bn: 'এই সময়কালের অর্থ আগেই পরিশোধ করা হয়েছে।',
  },
  // Issue 13 item 6: referral reward settings (modules/agents/referral)
  'referral.invalid_rate': {
    status: 400,
    en: 'The commission must be a number from 0 to 10 (percent) with at most 2 decimals.',
    bn: 'কমিশন ০ থেকে ১০ (শতাংশ)-এর মধ্যে সর্বোচ্চ ২ দশমিকের একটি সংখ্যা হতে হবে।',
  },
  'referral.invalid_amount': {
    status: 400,
    en: 'Each amount must be a number with at most 2 decimals, and a daily cap more than 0.',
    bn: 'প্রতিটি পরিমাণ সর্বোচ্চ ২ দশমিকের একটি সংখ্যা হতে হবে, আর দৈনিক সীমা ০-এর বেশি।',
  },
  'referral.nothing_to_pay': {
    status: 400,
    en: 'To switch referral rewards on, set a commission or a first-deposit bonus above 0.',
    bn: 'রেফারেল পুরস্কার চালু করতে ০-এর বেশি কমিশন বা প্রথম ডিপোজিট বোনাস দিন।',
  },

  // Issue 14 item 5: rebates (modules/rebates)
  'rebate.invalid_rate': {
    status: 400,
    en: 'Each rebate rate must be a number from 0 to 5 (percent) with at most 2 decimals.',
    bn: 'প্রতিটি রিবেট হার ০ থেকে ৫ (শতাংশ)-এর মধ্যে সর্বোচ্চ ২ দশমিকের একটি সংখ্যা হতে হবে।',
  },
  'rebate.invalid_amount': {
    status: 400,
    en: 'A daily cap must be a number more than 0 with at most 2 decimals.',
    bn: 'দৈনিক সীমা ০-এর বেশি এবং সর্বোচ্চ ২ দশমিকের একটি সংখ্যা হতে হবে।',
  },
  'rebate.duplicate_product': {
    status: 400,
    en: 'Each product type may have only one rebate rate.',
    bn: 'প্রতিটি পণ্যের ধরনের জন্য কেবল একটি রিবেট হার দেওয়া যায়।',
  },
  'rebate.duplicate_level': {
    status: 400,
    en: 'Each VIP level may have only one rebate rate per product type.',
    bn: 'প্রতিটি পণ্যের ধরনে প্রতিটি ভিআইপি লেভেলের জন্য কেবল একটি রিবেট হার দেওয়া যায়।',
  },
  'rebate.nothing_to_pay': {
    status: 400,
    en: 'To switch rebates on, set a rate above 0 for at least one product type.',
    bn: 'রিবেট চালু করতে অন্তত একটি পণ্যের ধরনের জন্য ০-এর বেশি হার দিন।',
  },
  'rebate.nothing_to_claim': {
    status: 409,
    en: 'There is no rebate to claim right now.',
    bn: 'এই মুহূর্তে দাবি করার মতো কোনো রিবেট নেই।',
  },
  // Issue 14 items 1–2: promotions (modules/promotions)
  'promotion.not_found': {
    status: 404,
    en: 'This promotion does not exist or is no longer shown.',
    bn: 'এই প্রোমোশনটি নেই বা আর দেখানো হয় না।',
  },
  'promotion.not_started': {
    status: 409,
    en: 'This promotion has not started yet.',
    bn: 'এই প্রোমোশনটি এখনও শুরু হয়নি।',
  },
  'promotion.ended': {
    status: 409,
    en: 'This promotion has ended.',
    bn: 'এই প্রোমোশনটি শেষ হয়ে গেছে।',
  },
  'promotion.not_eligible': {
    status: 403,
    en: 'Your account does not meet the conditions of this promotion.',
    bn: 'আপনার অ্যাকাউন্ট এই প্রোমোশনের শর্ত পূরণ করে না।',
  },
  'promotion.device_used': {
    status: 409,
    en: 'This promotion has already been taken on this device.',
    bn: 'এই ডিভাইসে এই প্রোমোশনটি ইতিমধ্যে নেওয়া হয়েছে।',
  },
  'promotion.payment_account_used': {
    status: 409,
    en: 'This promotion has already been taken with one of your payment accounts.',
    bn: 'আপনার একটি পেমেন্ট অ্যাকাউন্ট দিয়ে এই প্রোমোশনটি ইতিমধ্যে নেওয়া হয়েছে।',
  },
  'promotion.not_joined': {
    status: 409,
    en: 'Join this promotion first.',
    bn: 'প্রথমে এই প্রোমোশনে যোগ দিন।',
  },
  'promotion.nothing_to_claim': {
    status: 409,
    en: 'There is no reward of this promotion to claim right now.',
    bn: 'এই মুহূর্তে এই প্রোমোশনের দাবি করার মতো কোনো পুরস্কার নেই।',
  },
  'promotion.invalid_transition': {
    status: 409,
    en: 'This step is not possible in the current state of the promotion.',
    bn: 'প্রোমোশনের বর্তমান অবস্থায় এই ধাপটি সম্ভব নয়।',
  },
  'promotion.reward_kind_unavailable': {
    status: 400,
    en: 'Points rewards need the points mall of this site to be switched on.',
    bn: 'পয়েন্ট পুরস্কারের জন্য এই সাইটের পয়েন্ট মল চালু থাকতে হবে।',
  },
  'promotion.invalid_reward': {
    status: 400,
    en: 'Give a fixed amount, a percent from 0.01 to 100 with a cap for deposit and bet-volume promotions, a number of points, or a number of tickets and the raffle of this site they go to.',
    bn: 'একটি নির্দিষ্ট পরিমাণ দিন, ডিপোজিট ও বেট-ভলিউম প্রোমোশনের জন্য সর্বোচ্চ সীমাসহ ০.০১ থেকে ১০০ শতাংশ দিন, পয়েন্টের সংখ্যা দিন, অথবা টিকিটের সংখ্যা ও এই সাইটের যে র‍্যাফেলে সেগুলো যাবে তা দিন।',
  },
  'promotion.invalid_conditions': {
    status: 400,
    en: 'The conditions do not fit together: check the dates, deposit counts and period.',
    bn: 'শর্তগুলো মিলছে না: তারিখ, ডিপোজিটের সংখ্যা ও সময়কাল দেখুন।',
  },
  // Issue 14 item 3: the points mall (modules/points)
  'points.insufficient': {
    status: 409,
    en: 'You do not have enough points for this.',
    bn: 'এর জন্য আপনার যথেষ্ট পয়েন্ট নেই।',
  },
  'points.out_of_stock': {
    status: 409,
    en: 'Not enough of these goods are left in stock.',
    bn: 'এই পণ্যের যথেষ্ট স্টক আর নেই।',
  },
  'points.goods_not_found': {
    status: 404,
    en: 'These goods are not in the points mall.',
    bn: 'এই পণ্যটি পয়েন্ট মলে নেই।',
  },
  'points.amount_requirement': {
    status: 409,
    en: 'Your deposits have not reached the amount these goods require yet.',
    bn: 'আপনার জমা এখনো এই পণ্যের প্রয়োজনীয় পরিমাণে পৌঁছায়নি।',
  },
  'points.conversion_off': {
    status: 409,
    en: 'This conversion between cash and points is not available.',
    bn: 'নগদ ও পয়েন্টের এই রূপান্তর এখন উপলব্ধ নয়।',
  },
  'points.conversion_too_small': {
    status: 400,
    en: 'The amount is too small to convert at the current ratio.',
    bn: 'বর্তমান অনুপাতে রূপান্তরের জন্য পরিমাণটি খুব কম।',
  },
  'points.conversion_amount_required': {
    status: 400,
    en: 'Give the cash amount to convert to points, or the points to convert to cash.',
    bn: 'পয়েন্টে রূপান্তরের জন্য নগদ পরিমাণ, অথবা নগদে রূপান্তরের জন্য পয়েন্ট দিন।',
  },
  'points.request_reused': {
    status: 409,
    en: 'This request id was already used for a different request.',
    bn: 'এই অনুরোধ আইডি আগে অন্য একটি অনুরোধে ব্যবহৃত হয়েছে।',
  },
  'points.invalid_rate': {
    status: 400,
    en: 'Each rate needs an amount above 0 with at most 2 decimals and a whole number of points above 0.',
    bn: 'প্রতিটি হারে ০-এর বেশি (সর্বোচ্চ ২ দশমিক) পরিমাণ এবং ০-এর বেশি পূর্ণসংখ্যার পয়েন্ট দিতে হবে।',
  },
  'points.duplicate_type': {
    status: 400,
    en: 'Each point type may have only one rate.',
    bn: 'প্রতিটি পয়েন্টের ধরনের জন্য কেবল একটি হার দেওয়া যায়।',
  },
  'points.redemption_not_found': {
    status: 404,
    en: 'This redemption was not found.',
    bn: 'এই রিডিমটি পাওয়া যায়নি।',
  },
  'points.redemption_decided': {
    status: 409,
    en: 'This redemption has already been decided.',
    bn: 'এই রিডিমের সিদ্ধান্ত ইতিমধ্যে নেওয়া হয়েছে।',
  },
  // Issue 14 item 2: red envelopes, raffles and the sign-up reward (modules/lucky)
  'lucky.not_found': {
    status: 404,
    en: 'This event does not exist.',
    bn: 'এই ইভেন্টটি নেই।',
  },
  'lucky.invalid_window': {
    status: 400,
    en: 'The end must be after the start and in the future (and the draw at or after the end).',
    bn: 'শেষের সময় শুরুর পরে এবং ভবিষ্যতে হতে হবে (আর ড্র শেষের সময়ে বা তার পরে)।',
  },
  'lucky.invalid_amounts': {
    status: 400,
    en: 'The smallest grab must not exceed the largest, and the largest must not exceed the pool.',
    bn: 'সর্বনিম্ন গ্র্যাব সর্বোচ্চের বেশি এবং সর্বোচ্চ গ্র্যাব পুলের বেশি হতে পারবে না।',
  },
  'lucky.invalid_tickets': {
    status: 400,
    en: 'Say how tickets are earned: per deposit amount, per valid-bet amount or both.',
    bn: 'টিকিট কীভাবে পাওয়া যাবে তা দিন: ডিপোজিটের পরিমাণে, বৈধ বাজির পরিমাণে বা দুটিতেই।',
  },
  'red_envelope.not_open': {
    status: 409,
    en: 'This red envelope is not open now.',
    bn: 'এই লাল খামটি এখন খোলা নেই।',
  },
  'red_envelope.already_grabbed': {
    status: 409,
    en: 'You have already grabbed this red envelope.',
    bn: 'আপনি ইতিমধ্যে এই লাল খামটি নিয়েছেন।',
  },
  'red_envelope.empty': {
    status: 409,
    en: 'This red envelope is empty: everything has been grabbed.',
    bn: 'এই লাল খামটি খালি: সব নেওয়া হয়ে গেছে।',
  },
  'red_envelope.not_eligible': {
    status: 403,
    en: 'You have not deposited enough recently to grab this red envelope.',
    bn: 'এই লাল খামটি নিতে সম্প্রতি আপনার যথেষ্ট ডিপোজিট নেই।',
  },
  'raffle.not_drawn': {
    status: 409,
    en: 'This raffle has not been drawn yet.',
    bn: 'এই র‍্যাফেলের ড্র এখনও হয়নি।',
  },
  'raffle.nothing_to_claim': {
    status: 409,
    en: 'You have no prize to claim in this raffle.',
    bn: 'এই র‍্যাফেলে আপনার দাবি করার মতো কোনো পুরস্কার নেই।',
  },
  'lucky.already_open': {
    status: 409,
    en: 'This event has already opened or was cancelled: it can no longer be changed.',
    bn: 'এই ইভেন্টটি ইতিমধ্যে খুলেছে বা বাতিল হয়েছে: এটি আর পরিবর্তন করা যাবে না।',
  },
  'lucky.already_closed': {
    status: 409,
    en: 'This event has already closed or been drawn: it can no longer be cancelled.',
    bn: 'এই ইভেন্টটি ইতিমধ্যে বন্ধ হয়েছে বা ড্র হয়েছে: এটি আর বাতিল করা যাবে না।',
  },
  'promotion.raffle_closed': {
    status: 409,
    en: 'The raffle of this promotion no longer takes tickets (it has ended, been drawn or been cancelled).',
    bn: 'এই প্রোমোশনের র‍্যাফেল আর টিকিট নিচ্ছে না (এটি শেষ, ড্র বা বাতিল হয়েছে)।',
  },
  'signup_reward.off': {
    status: 409,
    en: 'The sign-up reward is not offered now.',
    bn: 'সাইন-আপ পুরস্কার এখন দেওয়া হচ্ছে না।',
  },
  'signup_reward.invalid_id': {
    status: 400,
    en: 'Enter your Zalo or WhatsApp number: 8 to 15 digits, optionally starting with +.',
    bn: 'আপনার Zalo বা WhatsApp নম্বর দিন: ৮ থেকে ১৫ অঙ্ক, শুরুতে + থাকতে পারে।',
  },
  'signup_reward.already_requested': {
    status: 409,
    en: 'You have already asked for the sign-up reward.',
    bn: 'আপনি ইতিমধ্যে সাইন-আপ পুরস্কারের জন্য আবেদন করেছেন।',
  },
  'signup_reward.id_taken': {
    status: 409,
    en: 'This Zalo or WhatsApp number has already been used for the reward.',
    bn: 'এই Zalo বা WhatsApp নম্বরটি ইতিমধ্যে পুরস্কারের জন্য ব্যবহার করা হয়েছে।',
  },
  'signup_reward.device_taken': {
    status: 409,
    en: 'The sign-up reward has already been asked for from this device.',
    bn: 'এই ডিভাইস থেকে ইতিমধ্যে সাইন-আপ পুরস্কারের আবেদন করা হয়েছে।',
  },
  'signup_reward.device_required': {
    status: 400,
    en: 'This device could not be recognised. Please reload the page and try again.',
    bn: 'এই ডিভাইসটি চেনা যায়নি। পৃষ্ঠাটি আবার লোড করে চেষ্টা করুন।',
  },
  'signup_reward.already_decided': {
    status: 409,
    en: 'This request has already been approved or rejected.',
    bn: 'এই আবেদনটি ইতিমধ্যে অনুমোদিত বা প্রত্যাখ্যাত হয়েছে।',
  },
  'signup_reward.invalid_amount': {
    status: 400,
    en: 'The reward must be more than 0 and at most the cap; the cap at most 131,000.00.',
    bn: 'পুরস্কার ০-এর বেশি এবং সীমার মধ্যে হতে হবে; সীমা সর্বোচ্চ ১,৩১,০০০.০০।',
  },
  // Issue 14 item 4: VIP ranks (modules/vip)
  'vip.invalid_amount': {
    status: 400,
    en: 'Each turnover and bonus must be a number of at least 0 with at most 2 decimals.',
    bn: 'প্রতিটি টার্নওভার ও বোনাস ০ বা তার বেশি, সর্বোচ্চ ২ দশমিকের একটি সংখ্যা হতে হবে।',
  },
  'vip.invalid_threshold': {
    status: 400,
    en: 'Each rank needs a monthly turnover above 0 and higher than the rank below it.',
    bn: 'প্রতিটি র‍্যাঙ্কের মাসিক টার্নওভার ০-এর বেশি এবং নিচের র‍্যাঙ্কের চেয়ে বেশি হতে হবে।',
  },
  // Issue 14 item 6: missions (modules/missions)
  'mission.not_found': {
    status: 404,
    en: 'This mission was not found.',
    bn: 'এই মিশনটি পাওয়া যায়নি।',
  },
  'mission.not_reached': {
    status: 409,
    en: 'This milestone has not been reached yet.',
    bn: 'এই মাইলস্টোনে এখনও পৌঁছানো হয়নি।',
  },
  'mission.already_claimed': {
    status: 409,
    en: 'This reward has already been claimed.',
    bn: 'এই পুরস্কারটি ইতিমধ্যে নেওয়া হয়েছে।',
  },
  'mission.invalid_window': {
    status: 400,
    en: 'A mission must end after it starts.',
    bn: 'মিশনের শেষ সময় শুরুর সময়ের পরে হতে হবে।',
  },
  'mission.invalid_goal': {
    status: 400,
    en: 'The goal is not valid: rounds need a game; product types are only for valid bets; choose a game or product types, not both.',
    bn: 'লক্ষ্যটি সঠিক নয়: রাউন্ডের জন্য একটি গেম লাগবে; পণ্যের ধরন কেবল বৈধ বাজির জন্য; গেম অথবা পণ্যের ধরন বেছে নিন, দুটো একসাথে নয়।',
  },
  'mission.invalid_milestones': {
    status: 400,
    en: 'Each milestone needs a target above 0, higher than the milestone before it (rounds: a whole number).',
    bn: 'প্রতিটি মাইলস্টোনের লক্ষ্য ০-এর বেশি এবং আগের মাইলস্টোনের চেয়ে বেশি হতে হবে (রাউন্ড: পূর্ণ সংখ্যা)।',
  },
  'mission.invalid_amount': {
    status: 400,
    en: 'Each reward must be a number more than 0 with at most 2 decimals.',
    bn: 'প্রতিটি পুরস্কার ০-এর বেশি এবং সর্বোচ্চ ২ দশমিকের একটি সংখ্যা হতে হবে।',
  },
  'mission.locked': {
    status: 409,
    en: 'Progress has been counted for this mission: its start, goal and milestones can no longer change.',
    bn: 'এই মিশনের অগ্রগতি গণনা শুরু হয়েছে: এর শুরু, লক্ষ্য ও মাইলস্টোন আর বদলানো যাবে না।',
  },

  // Issue 14 item 8: blog and news, live hosts and chat (modules/content)
  'content.article_not_found': {
    status: 404,
    en: 'This article was not found.',
    bn: 'এই লেখাটি পাওয়া যায়নি।',
  },
  'live.host_not_found': {
    status: 404,
    en: 'This host was not found.',
    bn: 'এই হোস্টকে পাওয়া যায়নি।',
  },
  'live.host_offline': {
    status: 409,
    en: 'This host is offline right now.',
    bn: 'এই হোস্ট এখন অফলাইনে আছেন।',
  },
  'live.chat_unavailable': {
    status: 503,
    en: 'Live chat is not available right now. Please try again later.',
    bn: 'লাইভ চ্যাট এখন পাওয়া যাচ্ছে না। অনুগ্রহ করে পরে আবার চেষ্টা করুন।',
  },
  // Cashier: deposits, withdrawals, payee accounts, adjustments (issue 5)
  // Issue 14 item 7: the inbox and operator broadcasts
  'inbox.not_found': {
    status: 404,
    en: 'Message not found.',
    bn: 'বার্তাটি পাওয়া যায়নি।',
  },
  'inbox.member_not_found': {
    status: 404,
    en: 'No such member.',
    bn: 'এমন কোনো সদস্য নেই।',
  },
  'inbox.vip_level_not_found': {
    status: 404,
    en: 'No such VIP level.',
    bn: 'এমন কোনো ভিআইপি স্তর নেই।',
  },
  'inbox.text_required': {
    status: 400,
    en: 'A message needs a title and a body in Bengali and English.',
    bn: 'বার্তার বাংলা ও ইংরেজিতে শিরোনাম এবং বিষয়বস্তু প্রয়োজন।',
  },
  'cashier.not_found': {
    status: 404,
    en: 'This record was not found.',
    bn: 'এই রেকর্ডটি পাওয়া যায়নি।',
  },
  'cashier.channel_unavailable': {
    status: 400,
    en: 'This payment channel is not available.',
    bn: 'এই পেমেন্ট চ্যানেলটি এখন উপলব্ধ নয়।',
  },
  'cashier.amount_out_of_range': {
    status: 400,
    en: 'The amount is outside the allowed minimum and maximum.',
    bn: 'পরিমাণটি অনুমোদিত সর্বনিম্ন ও সর্বোচ্চ সীমার বাইরে।',
  },
  'cashier.reference_required': {
    status: 400,
    en: 'Please enter the transaction reference number of your payment.',
    bn: 'অনুগ্রহ করে আপনার পেমেন্টের লেনদেন রেফারেন্স নম্বর দিন।',
  },
  'cashier.deposit_limit_exceeded': {
    status: 409,
    en: 'This deposit would exceed your deposit limit.',
    bn: 'এই ডিপোজিট আপনার ডিপোজিট সীমা অতিক্রম করবে।',
  },
  'cashier.request_reused': {
    status: 409,
    en: 'This request id was already used for a different request.',
    bn: 'এই অনুরোধ আইডিটি আগেই অন্য একটি অনুরোধে ব্যবহৃত হয়েছে।',
  },
  'cashier.invalid_state': {
    status: 409,
    en: 'This request has already been processed.',
    bn: 'এই অনুরোধটি আগেই প্রক্রিয়া করা হয়েছে।',
  },
  'cashier.payee_name_mismatch': {
    status: 400,
    en: 'The payee name must be your registered real name.',
    bn: 'প্রাপকের নাম অবশ্যই আপনার নিবন্ধিত আসল নাম হতে হবে।',
  },
  'cashier.payee_account_limit': {
    status: 409,
    en: 'You have bound the maximum number of accounts.',
    bn: 'আপনি সর্বোচ্চ সংখ্যক অ্যাকাউন্ট যুক্ত করেছেন।',
  },
  'cashier.payee_account_exists': {
    status: 409,
    en: 'This account is already bound.',
    bn: 'এই অ্যাকাউন্টটি আগেই যুক্ত করা হয়েছে।',
  },
  'cashier.bank_name_required': {
    status: 400,
    en: 'Please enter the bank name.',
    bn: 'অনুগ্রহ করে ব্যাংকের নাম দিন।',
  },
  'cashier.payment_password_required': {
    status: 400,
    en: 'Please set a payment password first: money can leave your wallet only with it.',
    bn: 'অনুগ্রহ করে আগে একটি পেমেন্ট পাসওয়ার্ড সেট করুন: এটি ছাড়া আপনার ওয়ালেট থেকে টাকা বের হতে পারে না।',
  },
  'cashier.payment_password_wrong': {
    status: 400,
    en: 'The payment password is incorrect.',
    bn: 'পেমেন্ট পাসওয়ার্ড সঠিক নয়।',
  },
  'cashier.payment_password_locked': {
    status: 429,
    en: 'Too many wrong payment passwords, please try again later.',
    bn: 'অনেকবার ভুল পেমেন্ট পাসওয়ার্ড দেওয়া হয়েছে, পরে আবার চেষ্টা করুন।',
  },
  'cashier.withdraw_daily_limit': {
    status: 409,
    en: 'You have reached the number of withdrawals allowed today.',
    bn: 'আজকের জন্য অনুমোদিত উত্তোলনের সংখ্যা পূর্ণ হয়েছে।',
  },
  'cashier.turnover_incomplete': {
    status: 409,
    en: 'The remaining turnover requirement must be completed before withdrawing.',
    bn: 'উত্তোলনের আগে বাকি টার্নওভার শর্ত পূরণ করতে হবে।',
  },
  'cashier.proof_required': {
    status: 400,
    en: 'Please upload a proof image.',
    bn: 'অনুগ্রহ করে একটি প্রমাণের ছবি আপলোড করুন।',
  },
  // Payment channels in the console (issue 5 item 3): the rules the channel schema cannot say.
  'cashier.channel_max_below_min': {
    status: 400,
    en: 'The maximum amount must not be below the minimum.',
    bn: 'সর্বোচ্চ পরিমাণ সর্বনিম্ন পরিমাণের চেয়ে কম হতে পারে না।',
  },
  'cashier.channel_payee_required': {
    status: 400,
    en: 'A manual channel needs the account members pay into.',
    bn: 'ম্যানুয়াল চ্যানেলে সদস্যরা যে অ্যাকাউন্টে টাকা পাঠাবেন সেটি দিতে হবে।',
  },
  'cashier.channel_gateway_no_payee': {
    status: 400,
    en: 'A gateway channel has no payee account: members pay on the gateway’s page.',
    bn: 'গেটওয়ে চ্যানেলে প্রাপকের অ্যাকাউন্ট থাকে না: সদস্যরা গেটওয়ের পাতায় টাকা দেন।',
  },
  'cashier.channel_secret_gateway_only': {
    status: 400,
    en: 'Only a gateway channel has a callback secret.',
    bn: 'শুধু গেটওয়ে চ্যানেলের কলব্যাক সিক্রেট থাকে।',
  },
  'cashier.same_operator': {
    status: 403,
    en: 'A different operator must confirm this adjustment.',
    bn: 'এই সমন্বয়টি অন্য একজন অপারেটরকে নিশ্চিত করতে হবে।',
  },
  'gateway.bad_signature': {
    status: 401,
    en: 'The payment gateway signature is missing or invalid.',
    bn: 'পেমেন্ট গেটওয়ের স্বাক্ষর অনুপস্থিত বা অবৈধ।',
  },
  'upload.not_image': {
    status: 415,
    en: 'Only png or jpg images can be uploaded.',
    bn: 'শুধুমাত্র png বা jpg ছবি আপলোড করা যায়।',
  },

  // Games and uploads (§8)
  'game.not_found': {
    status: 404,
    en: 'This game is not available.',
    bn: 'এই গেমটি পাওয়া যাচ্ছে না।',
  },
  'game.vendor_not_found': {
    status: 404,
    en: 'This game provider is not available.',
    bn: 'এই গেম প্রদানকারী পাওয়া যাচ্ছে না।',
  },
  'game.maintenance': {
    status: 503,
    en: 'Game maintenance',
    bn: 'গেম রক্ষণাবেক্ষণ চলছে',
  },
  'game.opens_list': {
    status: 409,
    en: 'This tile opens the provider’s game list: choose a game from it.',
    bn: 'এই টাইলটি প্রদানকারীর গেম তালিকা খোলে: তালিকা থেকে একটি গেম বেছে নিন।',
  },
  'game.no_rooms': {
    status: 409,
    en: 'Only card and table (PVP) games have rooms.',
    bn: 'শুধু কার্ড ও টেবিল (PVP) গেমের রুম থাকে।',
  },
  'game.trial_unavailable': {
    status: 409,
    en: 'This game has no free trial. Log in to play it.',
    bn: 'এই গেমটির ফ্রি ট্রায়াল নেই। খেলতে লগ ইন করুন।',
  },
  'game.vendor_unavailable': {
    status: 503,
    en: 'The game provider is not answering right now. Your money is safe; please try again shortly.',
    bn: 'গেম প্রদানকারী এই মুহূর্তে সাড়া দিচ্ছে না। আপনার টাকা নিরাপদ আছে; একটু পরে আবার চেষ্টা করুন।',
  },
  'game.transfer_refused': {
    status: 409,
    en: 'The game provider refused the transfer. Nothing was moved.',
    bn: 'গেম প্রদানকারী ট্রান্সফারটি গ্রহণ করেনি। কোনো টাকা সরানো হয়নি।',
  },
  'game.transfer_pending': {
    status: 409,
    en: 'A transfer with the game provider is still being confirmed. Please try again in a minute.',
    bn: 'গেম প্রদানকারীর সাথে একটি ট্রান্সফার এখনও নিশ্চিত করা হচ্ছে। এক মিনিট পরে আবার চেষ্টা করুন।',
  },
  // In-house games (issue 12)
  'inhouse.bet_below_minimum': {
    status: 400,
    en: "The bet is below this game's minimum.",
    bn: 'বাজিটি এই গেমের সর্বনিম্ন সীমার চেয়ে কম।',
  },
  'inhouse.bet_above_maximum': {
    status: 400,
    en: "The bet is above this game's maximum.",
    bn: 'বাজিটি এই গেমের সর্বোচ্চ সীমার চেয়ে বেশি।',
  },
  'inhouse.round_not_found': {
    status: 404,
    en: 'This round was not found.',
    bn: 'এই রাউন্ডটি পাওয়া যায়নি।',
  },
  'inhouse.round_closed': {
    status: 409,
    en: 'This round has already ended.',
    bn: 'এই রাউন্ডটি ইতিমধ্যে শেষ হয়েছে।',
  },
  'inhouse.round_open': {
    status: 409,
    en: 'Finish your open round first.',
    bn: 'আগে আপনার চলমান রাউন্ডটি শেষ করুন।',
  },
  'inhouse.cell_revealed': {
    status: 409,
    en: 'This tile is already open.',
    bn: 'এই ঘরটি ইতিমধ্যে খোলা হয়েছে।',
  },
  'inhouse.cash_out_unavailable': {
    status: 409,
    en: 'Open at least one tile before cashing out.',
    bn: 'ক্যাশ আউট করার আগে অন্তত একটি ঘর খুলুন।',
  },
  'inhouse.request_reused': {
    status: 409,
    en: 'This request was already used for another bet.',
    bn: 'এই অনুরোধটি অন্য একটি বাজির জন্য ইতিমধ্যে ব্যবহৃত হয়েছে।',
  },
  'inhouse.betting_closed': {
    status: 409,
    en: 'Betting for this round has closed. Wait for the next round.',
    bn: 'এই রাউন্ডের বাজি বন্ধ হয়ে গেছে। পরের রাউন্ডের জন্য অপেক্ষা করুন।',
  },
  'inhouse.already_bet': {
    status: 409,
    en: 'You already have a bet in this round.',
    bn: 'এই রাউন্ডে আপনার ইতিমধ্যে একটি বাজি আছে।',
  },
  'inhouse.already_cashed_out': {
    status: 409,
    en: 'You have already cashed out of this round.',
    bn: 'আপনি এই রাউন্ড থেকে ইতিমধ্যে ক্যাশ আউট করেছেন।',
  },
  'inhouse.round_crashed': {
    status: 409,
    en: 'Too late: the round has crashed.',
    bn: 'দেরি হয়ে গেছে: রাউন্ডটি ক্র্যাশ করেছে।',
  },
  // Cockfight, our own book (issue 15 item 4)
  'cockfight.fight_not_found': {
    status: 404,
    en: 'This fight was not found.',
    bn: 'এই লড়াইটি পাওয়া যায়নি।',
  },
  'cockfight.arena_not_found': {
    status: 404,
    en: 'This arena was not found.',
    bn: 'এই এরিনাটি পাওয়া যায়নি।',
  },
  'cockfight.betting_closed': {
    status: 409,
    en: 'Betting on this fight is not open.',
    bn: 'এই লড়াইয়ে এখন বাজি ধরা যাচ্ছে না।',
  },
  'cockfight.odds_changed': {
    status: 409,
    en: 'The odds have changed. Check the new odds and confirm again.',
    bn: 'অডস বদলে গেছে। নতুন অডস দেখে আবার নিশ্চিত করুন।',
  },
  'cockfight.stake_below_minimum': {
    status: 400,
    en: "The stake is below this fight's minimum.",
    bn: 'বাজির পরিমাণ এই লড়াইয়ের সর্বনিম্ন সীমার চেয়ে কম।',
  },
  'cockfight.stake_above_maximum': {
    status: 400,
    en: "The stake is above this fight's maximum.",
    bn: 'বাজির পরিমাণ এই লড়াইয়ের সর্বোচ্চ সীমার চেয়ে বেশি।',
  },
  'cockfight.request_reused': {
    status: 409,
    en: 'This request was already used for another bet.',
    bn: 'এই অনুরোধটি অন্য একটি বাজির জন্য ইতিমধ্যে ব্যবহৃত হয়েছে।',
  },
  'cockfight.invalid_state': {
    status: 409,
    en: 'The fight is not in a state that allows this.',
    bn: 'লড়াইটির বর্তমান অবস্থায় এটি করা যায় না।',
  },
  'cockfight.fight_exists': {
    status: 409,
    en: 'This arena already has a fight with this number.',
    bn: 'এই এরিনায় এই নম্বরের একটি লড়াই আগে থেকেই আছে।',
  },
  'cockfight.max_stake_below_min': {
    status: 400,
    en: 'The maximum stake must not be below the minimum.',
    bn: 'সর্বোচ্চ বাজি সর্বনিম্ন বাজির চেয়ে কম হতে পারে না।',
  },
  // Sportsbook, our own book (issue 15 item 3)
  'sports.event_not_found': {
    status: 404,
    en: 'This event was not found.',
    bn: 'এই ইভেন্টটি পাওয়া যায়নি।',
  },
  'sports.market_not_found': {
    status: 404,
    en: 'This market was not found.',
    bn: 'এই মার্কেটটি পাওয়া যায়নি।',
  },
  'sports.selection_not_found': {
    status: 404,
    en: 'A selection on the slip was not found.',
    bn: 'স্লিপের একটি বাছাই পাওয়া যায়নি।',
  },
  'sports.slip_not_found': {
    status: 404,
    en: 'This bet slip was not found.',
    bn: 'এই বেট স্লিপটি পাওয়া যায়নি।',
  },
  'sports.betting_closed': {
    status: 409,
    en: 'This event no longer takes bets.',
    bn: 'এই ইভেন্টে আর বাজি নেওয়া হচ্ছে না।',
  },
  'sports.market_suspended': {
    status: 409,
    en: 'A market on the slip is suspended or closed. Remove it or try again shortly.',
    bn: 'স্লিপের একটি মার্কেট স্থগিত বা বন্ধ। সেটি সরান বা একটু পরে আবার চেষ্টা করুন।',
  },
  'sports.odds_changed': {
    status: 409,
    en: 'The odds have changed. Check the new odds and confirm again.',
    bn: 'অডস বদলে গেছে। নতুন অডস দেখে আবার নিশ্চিত করুন।',
  },
  'sports.same_event': {
    status: 400,
    en: 'A multiple cannot have two selections from the same event.',
    bn: 'একটি মাল্টিপলে একই ইভেন্টের দুটি বাছাই রাখা যায় না।',
  },
  'sports.stake_below_minimum': {
    status: 400,
    en: 'The stake is below the minimum for this slip.',
    bn: 'বাজির পরিমাণ এই স্লিপের সর্বনিম্ন সীমার চেয়ে কম।',
  },
  'sports.stake_above_maximum': {
    status: 400,
    en: 'The stake is above the maximum for this slip.',
    bn: 'বাজির পরিমাণ এই স্লিপের সর্বোচ্চ সীমার চেয়ে বেশি।',
  },
  'sports.request_reused': {
    status: 409,
    en: 'This request was already used for another slip.',
    bn: 'এই অনুরোধটি অন্য একটি স্লিপের জন্য ইতিমধ্যে ব্যবহৃত হয়েছে।',
  },
  'sports.invalid_state': {
    status: 409,
    en: 'The event or market is not in a state that allows this.',
    bn: 'ইভেন্ট বা মার্কেটের বর্তমান অবস্থায় এটি করা যায় না।',
  },
  'sports.invalid_market': {
    status: 400,
    en: 'The market is not valid: check its type, line and the odds of each selection.',
    bn: 'মার্কেটটি সঠিক নয়: এর ধরন, লাইন ও প্রতিটি বাছাইয়ের অডস দেখুন।',
  },
  'sports.cash_out_unavailable': {
    status: 409,
    en: 'Cash-out is not available for this slip right now.',
    bn: 'এই স্লিপে এখন ক্যাশ আউট করা যাচ্ছে না।',
  },
  'sports.cash_out_changed': {
    status: 409,
    en: 'The cash-out amount has changed. Check the new amount and confirm again.',
    bn: 'ক্যাশ আউটের পরিমাণ বদলে গেছে। নতুন পরিমাণ দেখে আবার নিশ্চিত করুন।',
  },
  'upload.limit_exceeded': {
    status: 413,
    en: 'Upload limit exceeded: up to 3 png or jpg images of at most 5 MB each.',
    bn: 'আপলোড সীমা অতিক্রম করেছে: সর্বোচ্চ ৩টি png বা jpg ছবি, প্রতিটি সর্বোচ্চ ৫ MB।',
  },

  // Captcha and feedback (§5, §8)
  'captcha.required': {
    status: 400,
    en: 'Please enter the captcha.',
    bn: 'অনুগ্রহ করে ক্যাপচা লিখুন।',
  },
  'captcha.invalid': {
    status: 400,
    en: 'Captcha check failed, please try again.',
    bn: 'ক্যাপচা যাচাই ব্যর্থ হয়েছে, আবার চেষ্টা করুন।',
  },
  'feedback.content_length': {
    status: 400,
    en: 'The description must be between 20 and 200 characters.',
    bn: 'বিবরণ ২০ থেকে ২০০ অক্ষরের মধ্যে হতে হবে।',
  },

  // Issue 15 item 1: our own lottery (modules/lottery, ADR 0021)
  'lottery.game_not_found': {
    status: 404,
    en: 'This lottery game does not exist.',
    bn: 'এই লটারি গেমটি নেই।',
  },
  'lottery.game_off': {
    status: 409,
    en: 'This lottery game is closed for now.',
    bn: 'এই লটারি গেমটি এখন বন্ধ আছে।',
  },
  'lottery.issue_not_open': {
    status: 409,
    en: 'This draw is not taking tickets. Bet on the current draw.',
    bn: 'এই ড্র-তে এখন টিকিট নেওয়া হচ্ছে না। বর্তমান ড্র-তে বাজি ধরুন।',
  },
  'lottery.betting_closed': {
    status: 409,
    en: 'Betting on this draw has closed.',
    bn: 'এই ড্র-এর বাজি বন্ধ হয়ে গেছে।',
  },
  'lottery.bet_type_unknown': {
    status: 400,
    en: 'This bet type does not exist in this game.',
    bn: 'এই গেমে এই ধরনের বাজি নেই।',
  },
  'lottery.bet_invalid': {
    status: 400,
    en: 'The numbers or choice of this bet are not valid for its bet type.',
    bn: 'এই বাজির সংখ্যা বা পছন্দ এর ধরনের জন্য সঠিক নয়।',
  },
  'lottery.bet_below_minimum': {
    status: 400,
    en: "A stake is below this game's minimum.",
    bn: 'একটি বাজির পরিমাণ এই গেমের সর্বনিম্ন সীমার চেয়ে কম।',
  },
  'lottery.bet_above_maximum': {
    status: 400,
    en: "A stake is above this game's maximum.",
    bn: 'একটি বাজির পরিমাণ এই গেমের সর্বোচ্চ সীমার চেয়ে বেশি।',
  },
  'lottery.request_reused': {
    status: 409,
    en: 'This request id was already used for different tickets.',
    bn: 'এই অনুরোধ আইডি আগে অন্য টিকিটের জন্য ব্যবহৃত হয়েছে।',
  },
  'lottery.draw_not_found': {
    status: 404,
    en: 'This draw does not exist.',
    bn: 'এই ড্রটি নেই।',
  },
  'lottery.draw_settled': {
    status: 409,
    en: 'This draw is already settled or void and can no longer be voided.',
    bn: 'এই ড্রটি ইতিমধ্যে নিষ্পত্তি বা বাতিল হয়েছে, তাই আর বাতিল করা যাবে না।',
  },
  'lottery.invalid_settings': {
    status: 400,
    en: 'Odds must name only bet types of this game, and the minimum stake must not exceed the maximum; close seconds must be shorter than the time between draws.',
    bn: 'অডসে কেবল এই গেমের বাজির ধরন থাকতে হবে, সর্বনিম্ন বাজি সর্বোচ্চের বেশি হতে পারবে না; বন্ধের সময় দুই ড্র-এর মাঝের সময়ের চেয়ে কম হতে হবে।',
  },

  // Operator console
  'admin.conflict': {
    status: 409,
    en: 'This already exists.',
    bn: 'এটি আগে থেকেই আছে।',
  },
  // Members in the console (issue 16 item 4)
  'member.account_closed': {
    status: 409,
    en: 'This account is closed; its status can no longer change.',
    bn: 'এই অ্যাকাউন্টটি বন্ধ; এর অবস্থা আর বদলানো যায় না।',
  },
  // Operators and their two-factor (issue 16 item 1, ADR 0025)
  'operator.not_found': {
    status: 404,
    en: 'No such operator.',
    bn: 'এমন কোনো অপারেটর নেই।',
  },
  'operator.self_change': {
    status: 409,
    en: 'You cannot change your own role or disable yourself; ask another operator.',
    bn: 'নিজের ভূমিকা বদলানো বা নিজেকে নিষ্ক্রিয় করা যায় না; অন্য একজন অপারেটরকে বলুন।',
  },
  'operator.role_above_own': {
    status: 403,
    en: 'You cannot give or change a role that may do more than yours.',
    bn: 'আপনার চেয়ে বেশি অনুমতির কোনো ভূমিকা দেওয়া বা বদলানো যায় না।',
  },
  'operator.totp_already_enabled': {
    status: 409,
    en: 'Two-factor sign-in is already on. Turn it off first to enrol a new device.',
    bn: 'টু-ফ্যাক্টর সাইন-ইন আগে থেকেই চালু। নতুন ডিভাইস যোগ করতে আগে এটি বন্ধ করুন।',
  },
  'operator.totp_not_enabled': {
    status: 409,
    en: 'Two-factor sign-in is not on.',
    bn: 'টু-ফ্যাক্টর সাইন-ইন চালু নেই।',
  },
  'operator.totp_not_started': {
    status: 409,
    en: 'Start the enrolment first: scan the new QR code.',
    bn: 'আগে নিবন্ধন শুরু করুন: নতুন QR কোডটি স্ক্যান করুন।',
  },
  'operator.totp_invalid': {
    status: 401,
    en: 'The code is not right or has expired. Enter the current code from your authenticator app.',
    bn: 'কোডটি সঠিক নয় বা মেয়াদ শেষ। অথেনটিকেটর অ্যাপের বর্তমান কোডটি দিন।',
  },
  'operator.totp_challenge_expired': {
    status: 401,
    en: 'The sign-in took too long. Enter your username and password again.',
    bn: 'সাইন-ইনে অনেক সময় লেগেছে। আবার ইউজারনেম ও পাসওয়ার্ড দিন।',
  },
  // Operators over several merchants (issue 16 item 2)
  'operator.merchant_not_granted': {
    status: 403,
    en: 'You do not work on that merchant.',
    bn: 'আপনি ওই মার্চেন্টে কাজ করেন না।',
  },
  'operator.merchant_not_held': {
    status: 403,
    en: 'You can only grant a merchant you work on yourself.',
    bn: 'আপনি নিজে যে মার্চেন্টে কাজ করেন শুধু সেটিই দেওয়া যায়।',
  },
  'operator.merchant_home': {
    status: 409,
    en: "An operator's home merchant cannot be taken away.",
    bn: 'অপারেটরের নিজের মার্চেন্ট সরিয়ে নেওয়া যায় না।',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalog, code);
}

export function errorMessage(code: ErrorCode, language: Language): string {
  return errorCatalog[code][language];
}

export function errorStatus(code: ErrorCode): number {
  return errorCatalog[code].status;
}
