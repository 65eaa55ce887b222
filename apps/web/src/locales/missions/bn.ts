import type en from './en.ts';

/** Bengali strings of the missions page (see en.ts). */
const bn: typeof en = {
  mission: {
    intro: 'নির্দিষ্ট সময়ের মধ্যে মিশনের মাইলস্টোনগুলো পূরণ করুন এবং প্রতিটি ধাপে পুরস্কার নিন।',
    open: 'চলমান মিশন',
    closed: 'শেষ হওয়া মিশন',
    emptyTitle: 'এখন কোনো মিশন নেই',
    emptyBody: 'নতুন মিশন এখানে দেখা যাবে। শীঘ্রই আবার দেখুন।',
    closedEmpty: 'এখনও কোনো মিশন শেষ হয়নি।',
    window: '{{start}} – {{end}}',
    goal: {
      validBet: 'বৈধ বাজি',
      validBetOn: '{{what}}-এ বৈধ বাজি',
      deposit: 'ডিপোজিট',
      rounds: '{{game}}-এর রাউন্ড',
    },
    reached: 'আপনার অগ্রগতি: {{value}}',
    countedThrough: '{{time}} পর্যন্ত গণনা করা হয়েছে',
    milestone: 'মাইলস্টোন {{n}}',
    target: 'লক্ষ্য {{target}}',
    reward: 'পুরস্কার {{amount}}',
    turnover: '{{times}}× টার্নওভার',
    noTurnover: 'টার্নওভার নেই',
    progressLabel: 'মাইলস্টোন {{n}}: {{target}}-এর মধ্যে {{value}}',
    states: { open: 'চলছে', reached: 'অর্জিত', claimed: 'নেওয়া হয়েছে' },
    claim: 'নিন',
    claimConfirm_one: 'এখনই {{amount}} নেবেন? এটি আপনার মূল ওয়ালেটে যাবে এবং উত্তোলনের আগে একবার বাজি ধরতে হবে।',
    claimConfirm_other:
      'এখনই {{amount}} নেবেন? এটি আপনার মূল ওয়ালেটে যাবে এবং উত্তোলনের আগে {{count}} বার বাজি ধরতে হবে।',
    claimConfirmNoTurnover: 'এখনই {{amount}} নেবেন? এটি আপনার মূল ওয়ালেটে যাবে।',
    confirm: 'হ্যাঁ, নিন',
    cancel: 'বাতিল',
    claimed: '{{amount}} আপনার মূল ওয়ালেটে যোগ হয়েছে।',
    leaderboard: 'লিডারবোর্ড',
    showBoard: 'লিডারবোর্ড দেখুন',
    hideBoard: 'লিডারবোর্ড লুকান',
    rank: 'র‍্যাঙ্ক',
    player: 'খেলোয়াড়',
    value: 'অর্জন',
    you: 'আপনি',
    notRanked: 'এখনও র‍্যাঙ্ক নেই',
    boardEmpty: 'এখনও কেউ অগ্রগতি করেনি। আপনিই প্রথম হোন!',
    badge_one: 'নেওয়ার মতো {{count}}টি পুরস্কার',
    badge_other: 'নেওয়ার মতো {{count}}টি পুরস্কার',
  },
};
export default bn;
