/**
 * English strings of the pages other than home and of the help, feedback and announcement
 * dialogs: not in the first-load catalogue; lib/i18n.ts adds them when a page or a dialog loads
 * (app/router.tsx, app/modal-host.tsx).
 */
const en = {
  routes: {
    gameCenter: {
      intro: 'Every {{category}} provider in one place: choose one to open its games.',
      emptyTitle: 'No {{category}} providers yet',
      emptyBody:
        'The {{category}} providers will appear here as cards as soon as they are added to the site. Until then, take a look at the promotions running now.',
    },
    gameList: {
      intro: 'All {{category}} games, with filters by provider and type.',
      vendorIntro: '{{category}} games from {{vendor}}.',
      emptyTitle: 'No {{category}} games yet',
      emptyBody:
        'The {{category}} games will be listed here, with search and filters, as soon as they are added. Until then, take a look at the promotions running now.',
    },
    favorite: {
      title: 'Favourite games',
      intro: 'The games you marked as favourites.',
      emptyTitle: 'No favourites yet',
      emptyBody: 'Tap the heart on any game to keep it here for quick access.',
    },
    recent: {
      title: 'Recent games',
      intro: 'The games you played lately, newest first.',
      emptyTitle: 'No recent games',
      emptyBody: 'The games you play will show up here so you can return to them in one tap.',
    },
    lottery: {
      lottery: 'Lottery',
      seaLottery: 'SEA lottery',
      vnLottery: 'Vietnam lottery',
      intro: 'Draws, results and tickets in one place.',
      gameIntro: 'Game {{game}}: draws, results and tickets.',
      emptyTitle: '{{lottery}} is not open yet',
      emptyBody:
        'Upcoming draws, the latest results and betting will open on this page once the lottery games are added.',
    },
    member: {
      title: 'Member centre',
      intro: 'Your account, wallet and records in one place.',
      emptyTitle: 'Your member centre is being prepared',
      emptyBody:
        'Deposits, withdrawals, betting and account records, rewards, security settings and messages will all be managed here.',
      pages: {
        securityCenter: 'Security centre',
        transferFund: 'My wallet',
        depositv2: 'Deposit',
        withdraw: 'Withdraw',
        transferUpline: 'Transfer to upline',
        personalHistoryCopy: 'Betting record',
        transactionHistory: 'Account record',
        personalProfit: 'Profit and loss',
        bonusDetails: 'Bonus details',
        rewardCenter: 'Reward centre',
        referral: 'Refer and earn',
        missionLeaderboard: 'Mission leaderboard',
        messageV2: 'Messages',
      },
    },
    pointMall: {
      title: 'Points mall',
      intro: 'Exchange the points you earn for rewards.',
      emptyTitle: 'No rewards to redeem yet',
      emptyBody:
        'You earn points as you play. The rewards you can redeem them for, with your points balance and history, will appear here.',
    },
    seamless: {
      title: 'Game',
      emptyTitle: 'No game is open',
      emptyBody: 'Games you launch play here in full view. Choose a game from the home page to start.',
    },
    agent: {
      title: 'Agent programme',
      intro: 'Build a team of players and earn from its activity.',
      benefitsTitle: 'How agents earn',
      benefits: {
        dividend: {
          title: 'Dividend',
          body: "A share of your team's results, settled daily, weekly, half-monthly or monthly.",
        },
        dailySalary: {
          title: 'Daily salary',
          body: "Worked out on your team's sales of the previous day and paid the next day.",
        },
        hourlySalary: { title: 'Hourly salary', body: 'Earnings worked out for every hour your team plays.' },
        realtimeSalary: { title: 'Real-time salary', body: 'Settled every 5 minutes while your team plays.' },
      },
      loginTitle: 'Agent log-in',
      applyBody: 'Want to become an agent? Send us a message and our team will contact you.',
      apply: 'Apply to become an agent',
    },
    agentHome: {
      title: 'Agent centre',
      intro: 'Your team, contracts and earnings.',
      emptyTitle: 'The agent centre is being prepared',
      emptyBody:
        'Team overview, account creation, downline management, contracts, salary and dividend records and reports will be here.',
    },
  },
  help: {
    title: 'Help centre',
    articles: 'Help topics',
    chooseArticle: 'Choose a topic',
    loading: 'Loading help topics',
    emptyTitle: 'No help topics yet',
    emptyBody: 'Help articles will appear here soon. Customer service can answer your questions in the meantime.',
    errorTitle: 'Help could not be loaded',
    errorBody: 'Please check your connection and try again.',
    noContent: 'This topic has no content yet.',
  },
  feedback: {
    title: 'Feedback',
    intro: 'Tell us about a problem or an idea. Our team reads every message.',
    type: 'Question type',
    typePlaceholder: 'Choose a question type',
    types: {
      t1: 'Deposit',
      t2: 'Withdrawal',
      t3: 'Game',
      t4: 'Customer service',
      t6: 'Apply to become an agent',
      t0: 'Others',
    },
    content: 'Description',
    contentPlaceholder: 'Describe your question or suggestion',
    lengthHint: '{{min}} to {{max}} characters',
    lengthError: 'The description must be between {{min}} and {{max}} characters.',
    counterLabel: '{{used}} of {{max}} characters used',
    sender: 'Your name',
    senderPlaceholder: 'Name or username',
    captcha: 'Captcha',
    missing: 'Please fill in: {{fields}}.',
    submit: 'Send feedback',
    sending: 'Sending…',
    successTitle: 'Thank you!',
    successBody: 'Your feedback has been sent. Our team will look into it.',
  },
  announcements: {
    title: 'Announcements',
    noticeTitle: 'Notice',
    list: 'Announcement titles',
    published: 'Published',
    pagination: 'Announcement pages',
    page: 'Page {{page}} of {{total}}',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    backToList: 'All announcements',
    gotIt: 'OK',
    loading: 'Loading announcements',
    emptyTitle: 'No announcements right now',
    emptyBody: 'News and notices from the site will appear here.',
    errorTitle: 'Announcements could not be loaded',
    errorBody: 'Please check your connection and try again.',
    noContent: 'This announcement has no further details.',
  },
  promotions: {
    title: 'Promotions',
    intro: 'Bonuses and offers running now. Open a promotion to read its terms.',
    loading: 'Loading promotions',
    published: 'Published',
    showDetails: 'Show details',
    hideDetails: 'Hide details',
    noDetails: 'No further details for this promotion.',
    emptyTitle: 'No promotions right now',
    emptyBody: 'New offers appear here as soon as they start. Check back soon.',
    loadErrorTitle: 'Promotions could not be loaded',
    loadErrorBody: 'Please check your connection and try again.',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PageMessages = Widen<typeof en>;
export default en as PageMessages;
