import { contentEndpoints, type ArticleCategory } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** Articles a page of the list shows. */
export const ARTICLES_PAGE_SIZE = 12;

/** GET /wps/system/articles: one page of published blog posts or news, newest first. */
export function useArticles(category: ArticleCategory, pageNo: number) {
  return useEndpointQuery(
    contentEndpoints.articles,
    { query: { category, pageNo: String(pageNo), pageSize: String(ARTICLES_PAGE_SIZE) } },
    { placeholderData: (previous) => previous },
  );
}

/** GET /wps/system/articles/:slug: one published article. */
export function useArticle(slug: string) {
  return useEndpointQuery(contentEndpoints.article, { params: { slug } }, { enabled: slug !== '' });
}
