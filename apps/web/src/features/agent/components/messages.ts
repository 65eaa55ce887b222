import i18next from 'i18next';

/**
 * Strings of the shared agent-centre pieces (date-range filter, paged table, CSV export), in
 * both languages. Added to the translation namespace when this module loads, so a page that
 * imports a piece never shows a raw key.
 */
const en = {
  agentUi: {
    dateRange: {
      group: 'Period',
      from: 'From',
      to: 'To',
      shortcuts: 'Date shortcuts',
      prev7: 'Previous 7 days',
      next7: 'Next 7 days',
      prev30: 'Previous 30 days',
      next30: 'Next 30 days',
      invalid: 'The start date must not be after the end date.',
    },
    table: {
      loading: 'Loading…',
      empty: 'Nothing to show for this period.',
      loadFailed: 'Could not load the figures.',
      retry: 'Try again',
      paging: 'Pages',
      previous: 'Previous',
      next: 'Next',
      pageOf: 'Page {{page}} of {{pages}}',
      total: '{{count}} rows',
      exportFailed: 'Could not export the list. Try again.',
    },
    exportCsv: 'Export CSV',
  },
};

const bn: typeof en = {
  agentUi: {
    dateRange: {
      group: 'সময়কাল',
      from: 'শুরু',
      to: 'শেষ',
      shortcuts: 'তারিখের শর্টকাট',
      prev7: 'আগের ৭ দিন',
      next7: 'পরের ৭ দিন',
      prev30: 'আগের ৩০ দিন',
      next30: 'পরের ৩০ দিন',
      invalid: 'শুরুর তারিখ শেষের তারিখের পরে হতে পারে না।',
    },
    table: {
      loading: 'লোড হচ্ছে…',
      empty: 'এই সময়কালে দেখানোর মতো কিছু নেই।',
      loadFailed: 'হিসাব লোড করা যায়নি।',
      retry: 'আবার চেষ্টা করুন',
      paging: 'পৃষ্ঠা',
      previous: 'আগের',
      next: 'পরের',
      pageOf: 'পৃষ্ঠা {{page}} / {{pages}}',
      total: '{{count}}টি সারি',
      exportFailed: 'তালিকা এক্সপোর্ট করা যায়নি। আবার চেষ্টা করুন।',
    },
    exportCsv: 'CSV এক্সপোর্ট',
  },
};

/** Adds a feature's strings (both languages) now, or as soon as i18next is initialised. */
export function addAgentMessages(messages: { en: object; bn: object }) {
  const add = () => {
    i18next.addResourceBundle('en', 'translation', messages.en, true, true);
    i18next.addResourceBundle('bn', 'translation', messages.bn, true, true);
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

addAgentMessages({ en, bn });
