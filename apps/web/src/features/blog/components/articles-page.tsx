import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArticleCategory } from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { ARTICLES_PAGE_SIZE, useArticle, useArticles } from '../api/articles.ts';
import '../messages.ts';
import './blog.css';

/** A publication date in the UI language (a day is enough for an article). */
export function formatDay(iso: string, language: string): string {
  return formatDateTime(iso, language, undefined, 'day');
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="money-loading" role="status">
      {t('content.loading')}
    </p>
  );
}

function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      variant="page"
      headingLevel={2}
      title={t('content.loadFailed')}
      body={error.message}
      action={
        <button type="button" className="button" onClick={onRetry}>
          {t('content.retry')}
        </button>
      }
    />
  );
}

/** `?page=` of the list, 1 when missing or not a page number. */
function usePageNo(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1;
  return [page, (next) => setParams(next > 1 ? { page: String(next) } : {})];
}

/** /blog and /news: the published articles of one category, newest first, a page at a time. */
function ArticleList({ category }: { category: ArticleCategory }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = usePageNo();
  const articles = useArticles(category, page);
  const section = t(`content.${category}.title`);
  const pages = articles.data ? Math.max(1, Math.ceil(articles.data.total / ARTICLES_PAGE_SIZE)) : 1;

  return (
    <ContentPage title={section} intro={t(`content.${category}.intro`)}>
      <title>{section}</title>
      {articles.isPending ? (
        <Loading />
      ) : articles.error ? (
        <LoadFailed error={articles.error} onRetry={() => void articles.refetch()} />
      ) : articles.data.list.length === 0 ? (
        <EmptyState variant="page" headingLevel={2} title={t('content.emptyTitle')} body={t('content.emptyBody')} />
      ) : (
        <>
          <ul className="article-grid">
            {articles.data.list.map((article, i) => (
              <li key={article.slug}>
                <Link className="article-card" to={`/${category}/${article.slug}`}>
                  <img
                    className="article-card__cover"
                    src={article.coverUrl}
                    alt=""
                    width={1200}
                    height={630}
                    loading={i < 3 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                  <span className="article-card__body">
                    <h2 className="article-card__title">{article.title}</h2>
                    <span className="article-card__summary">{article.summary}</span>
                    <time className="article-card__time" dateTime={article.publishedAt}>
                      {formatDay(article.publishedAt, i18n.language)}
                    </time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="article-pager" aria-label={t('content.pagination')}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('content.newerPage')}
              </button>
              <span>{t('content.pageOf', { page, pages })}</span>
              <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('content.olderPage')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </ContentPage>
  );
}

/** /blog/:slug and /news/:slug: one article; the body was sanitised by the server and is again here. */
function ArticleView({ category }: { category: ArticleCategory }) {
  const { t, i18n } = useTranslation();
  const { slug = '' } = useParams();
  const article = useArticle(slug);
  const html = useMemo(() => sanitizeHtml(article.data?.content), [article.data?.content]);
  const section = t(`content.${category}.title`);
  const back = (
    <Link className="article-page__back" to={`/${category}`}>
      {t('content.back', { section })}
    </Link>
  );
  const notFound =
    article.error instanceof ApiError &&
    (article.error.code === 'content.article_not_found' || article.error.code === 'request.invalid');
  // An article of the other category is served under its own address only.
  const wrongSection = article.data && article.data.category !== category;

  if (article.isPending) {
    return (
      <ContentPage title={section}>
        <Loading />
      </ContentPage>
    );
  }
  if (notFound || wrongSection || !article.data) {
    return (
      <ContentPage title={section}>
        <title>{`${t('content.notFoundTitle')} · ${section}`}</title>
        {notFound || wrongSection ? (
          <EmptyState
            variant="page"
            headingLevel={2}
            title={t('content.notFoundTitle')}
            body={t('content.notFoundBody')}
            action={back}
          />
        ) : (
          <LoadFailed error={article.error!} onRetry={() => void article.refetch()} />
        )}
      </ContentPage>
    );
  }
  const { title, summary, coverUrl, publishedAt } = article.data;
  return (
    <ContentPage title={title}>
      <title>{`${title} · ${section}`}</title>
      <meta name="description" content={summary} />
      <article className="article-page">
        <p className="article-page__time">
          {t('content.published')} <time dateTime={publishedAt}>{formatDay(publishedAt, i18n.language)}</time>
        </p>
        <img className="article-page__cover" src={coverUrl} alt="" width={1200} height={630} decoding="async" />
        {summary ? <p className="article-page__summary">{summary}</p> : null}
        <div className="article-page__body rich-text" dangerouslySetInnerHTML={{ __html: html }} />
        <p>{back}</p>
      </article>
    </ContentPage>
  );
}

export function BlogPage() {
  return <ArticleList category="blog" />;
}
export function NewsPage() {
  return <ArticleList category="news" />;
}
export function BlogArticlePage() {
  return <ArticleView category="blog" />;
}
export function NewsArticlePage() {
  return <ArticleView category="news" />;
}
