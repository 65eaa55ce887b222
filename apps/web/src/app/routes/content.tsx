// Issue 14 item 8: blog and news and the live hosts share one route chunk, so the router (first
// load) holds one dynamic import for the five pages instead of two.
export { BlogArticlePage, BlogPage, NewsArticlePage, NewsPage } from '../../features/blog/components/articles-page.tsx';
export { LiveHostsPage } from '../../features/live/components/live-page.tsx';
