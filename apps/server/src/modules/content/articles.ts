import { sql } from 'kysely';
import {
  RECORDS_DEFAULT_PAGE_SIZE,
  type Article,
  type ArticleCategory,
  type ArticleSummary,
  type Language,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';
import { pickLocalized } from '../system/localized.ts';

export interface ArticleListQuery {
  category: ArticleCategory;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * Issue 14 item 8: the public side of blog and news. Only published articles whose publish time
 * has come are shown; a draft or a future article is answered exactly like one that does not exist.
 */
export function articlesService(db: Db) {
  const published = () =>
    db
      .selectFrom('content_articles')
      .where('status', '=', 'published')
      .where('published_at', '<=', sql<Date>`now()`);

  return {
    /** One language's list: an article the operator wrote no title for in it is not in that list. */
    async list(merchant: MerchantContext, language: Language, query: ArticleListQuery) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE;
      const base = published()
        .where('merchant_id', '=', merchant.id)
        .where('category', '=', query.category)
        .where(sql<boolean>`coalesce(title->>${language}, '') <> ''`);
      const [rows, total] = await Promise.all([
        base
          .select(['slug', 'category', 'title', 'summary', 'cover_url', 'published_at'])
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const list: ArticleSummary[] = rows.map((row) => ({
        slug: row.slug,
        category: row.category,
        title: row.title[language],
        summary: row.summary[language] ?? '',
        coverUrl: row.cover_url,
        publishedAt: row.published_at!.toISOString(),
      }));
      return { list, total: total.n, pageNo, pageSize };
    },

    /** One article; an empty text in the asked language falls back to the merchant's default. */
    async one(merchant: MerchantContext, language: Language, slug: string): Promise<Article> {
      const row = await published()
        .selectAll()
        .where('merchant_id', '=', merchant.id)
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (!row) throw new AppError('content.article_not_found');
      const text = (value: typeof row.title) => pickLocalized(value, language, merchant.defaultLanguage);
      return {
        slug: row.slug,
        category: row.category,
        title: text(row.title),
        summary: text(row.summary),
        content: text(row.content),
        coverUrl: row.cover_url,
        publishedAt: row.published_at!.toISOString(),
      };
    },
  };
}
