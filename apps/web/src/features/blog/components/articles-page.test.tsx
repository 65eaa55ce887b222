// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import { BlogArticlePage, BlogPage, NewsArticlePage, NewsPage } from './articles-page.tsx';

const summary = (slug: string, category = 'blog') => ({
  slug,
  category,
  title: `Title ${slug}`,
  summary: `Summary ${slug}`,
  coverUrl: `/demo/${category}-1.svg`,
  publishedAt: '2026-11-20T10:00:00.000Z',
});

type Handler = (url: string) => Response | Promise<Response>;
let handler: Handler;
const reply = (json: unknown, status = 200) =>
  new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
const ok = (value: unknown) => reply({ success: true, code: '0', message: '', value });

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => handler(url)),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/blog', element: <BlogPage /> },
      { path: '/news', element: <NewsPage /> },
      { path: '/blog/:slug', element: <BlogArticlePage /> },
      { path: '/news/:slug', element: <NewsArticlePage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('blog and news lists', () => {
  it('shows loading, then the articles of the category linking to their pages', async () => {
    handler = (url) => {
      expect(url).toContain('category=blog');
      return ok({ list: [summary('first'), summary('second')], total: 2, pageNo: 1, pageSize: 12 });
    };
    renderAt('/blog');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const link = await screen.findByRole('link', { name: /Title first/ });
    expect(link.getAttribute('href')).toBe('/blog/first');
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(document.title).toBe('Blog');
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('pages through a long list', async () => {
    handler = (url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('pageNo'));
      return ok({ list: [summary(`news-${page}`, 'news')], total: 13, pageNo: page, pageSize: 12 });
    };
    const router = renderAt('/news');
    await screen.findByRole('link', { name: /Title news-1/ });
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByRole('link', { name: /Title news-2/ });
    expect(router.state.location.search).toBe('?page=2');
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when there is nothing yet', async () => {
    handler = () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 });
    renderAt('/news');
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeTruthy();
  });

  it('offers a retry when the list fails to load', async () => {
    let calls = 0;
    handler = () =>
      ++calls === 1
        ? reply({ success: false, code: 'system.unavailable', message: 'Server busy', value: null }, 503)
        : ok({ list: [summary('back')], total: 1, pageNo: 1, pageSize: 12 });
    renderAt('/blog');
    expect(await screen.findByRole('heading', { name: 'Could not load this page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Title back/ })).toBeTruthy();
  });

  it('speaks Bengali', async () => {
    await changeLanguage('bn');
    handler = () => ok({ list: [], total: 0, pageNo: 1, pageSize: 12 });
    renderAt('/blog');
    expect(await screen.findByRole('heading', { name: 'এখানে এখনও কিছু নেই' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'ব্লগ' })).toBeTruthy();
  });
});

describe('an article', () => {
  it('shows the title, date, cover and the body with anything unsafe removed', async () => {
    handler = (url) => {
      expect(url).toContain('/wps/system/articles/first');
      return ok({
        ...summary('first'),
        content: '<p>Body text</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      });
    };
    renderAt('/blog/first');
    expect(await screen.findByRole('heading', { level: 1, name: 'Title first' })).toBeTruthy();
    expect(screen.getByText('Body text')).toBeTruthy();
    const body = document.querySelector('.article-page__body')!;
    expect(body.innerHTML).not.toMatch(/onerror|script/);
    expect(document.title).toBe('Title first · Blog');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Summary first');
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
  });

  it('answers an unknown or unpublished slug with the not-found state', async () => {
    handler = () =>
      reply(
        { success: false, code: 'content.article_not_found', message: 'This article was not found.', value: null },
        404,
      );
    renderAt('/news/gone');
    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to News' })).toBeTruthy();
  });

  it('does not serve a news item under the blog address', async () => {
    handler = () => ok({ ...summary('elsewhere', 'news'), content: '<p>x</p>' });
    renderAt('/blog/elsewhere');
    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeTruthy();
  });

  it('offers a retry when the article fails to load', async () => {
    handler = () => reply({ success: false, code: 'system.unavailable', message: 'Server busy', value: null }, 503);
    renderAt('/blog/first');
    expect(await screen.findByRole('heading', { name: 'Could not load this page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
