import { systemEndpoints, type ValueOf } from '@khela/contracts';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../lib/i18n.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

export type HelpArticle = ValueOf<typeof systemEndpoints.helpCenter>[number];

/** §7 help centre: the articles of the web site in the UI language (`lang`, `device: WEB`). */
export function useHelpCenter() {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : undefined;
  return useEndpointQuery(systemEndpoints.helpCenter, { query: { lang, device: 'WEB' } }, { staleTime: 10 * 60_000 });
}
