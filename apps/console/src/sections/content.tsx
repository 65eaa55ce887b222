import {
  ANNOUNCEMENT_TYPES,
  ARTICLE_CATEGORIES,
  ARTICLE_STATUSES,
  BANNER_GROUPS,
  CS_TYPES,
  DEVICES,
  LINKAGE_TYPES,
  POPUP_EXECUTIONS,
} from '@khela/contracts';
import { KindTabs, type KindConfig } from './content-crud.tsx';

/** Issue 16 item 7: what players read, kind by kind; each kind needs its own /admin permission. */
export const CONTENT_KINDS: readonly KindConfig[] = [
  {
    id: 'banners',
    columns: ['title', 'url', 'groupName', 'sequence', 'active'],
    fields: [
      { name: 'groupName', kind: 'select', options: BANNER_GROUPS },
      { name: 'title', kind: 'localized', maxLength: 200 },
      { name: 'url', kind: 'image' },
      { name: 'linkageType', kind: 'select', options: LINKAGE_TYPES },
      { name: 'linkage', kind: 'text', maxLength: 2048 },
      { name: 'video', kind: 'checkbox', initial: false },
      { name: 'sequence', kind: 'number', min: 0, max: 10_000 },
      { name: 'active', kind: 'checkbox' },
    ],
  },
  {
    id: 'announcements',
    columns: ['title', 'type', 'execution', 'publishedAt', 'active'],
    fields: [
      // B is the banner list's own type (§4 notice); banners are edited above.
      { name: 'type', kind: 'select', options: ANNOUNCEMENT_TYPES.filter((type) => type !== 'B') },
      { name: 'execution', kind: 'select', options: POPUP_EXECUTIONS, nullable: true },
      { name: 'title', kind: 'localized', maxLength: 200 },
      { name: 'content', kind: 'rich' },
      { name: 'publishedAt', kind: 'datetime' },
      { name: 'sequence', kind: 'number', min: 0, max: 10_000 },
      { name: 'active', kind: 'checkbox' },
    ],
  },
  {
    id: 'helpArticles',
    columns: ['title', 'tag', 'device', 'active'],
    fields: [
      { name: 'tag', kind: 'text', maxLength: 64 },
      { name: 'title', kind: 'localized', maxLength: 200 },
      { name: 'content', kind: 'rich' },
      { name: 'device', kind: 'select', options: ['ALL', ...DEVICES] },
      { name: 'sequence', kind: 'number', min: 0, max: 10_000 },
      { name: 'active', kind: 'checkbox' },
    ],
  },
  {
    id: 'articles',
    columns: ['title', 'category', 'slug', 'status', 'publishedAt'],
    fields: [
      { name: 'category', kind: 'select', options: ARTICLE_CATEGORIES },
      { name: 'slug', kind: 'text', maxLength: 80 },
      { name: 'title', kind: 'localized', maxLength: 200 },
      { name: 'summary', kind: 'localized', maxLength: 500 },
      { name: 'content', kind: 'rich' },
      { name: 'coverUrl', kind: 'image' },
      { name: 'status', kind: 'select', options: ARTICLE_STATUSES },
      { name: 'publishedAt', kind: 'datetime', nullable: true },
    ],
  },
  {
    id: 'customerService',
    columns: ['title', 'csType', 'url', 'active'],
    fields: [
      { name: 'csType', kind: 'select', options: CS_TYPES },
      { name: 'csPosition', kind: 'text', maxLength: 32 },
      { name: 'title', kind: 'localized', maxLength: 200 },
      { name: 'url', kind: 'url' },
      { name: 'sequence', kind: 'number', min: 0, max: 10_000 },
      { name: 'active', kind: 'checkbox' },
    ],
  },
  {
    id: 'resources',
    columns: ['label', 'resourceType', 'url', 'active'],
    fields: [
      { name: 'resourceType', kind: 'text', maxLength: 32 },
      { name: 'label', kind: 'localized', maxLength: 200 },
      { name: 'url', kind: 'url' },
      { name: 'active', kind: 'checkbox' },
    ],
  },
];

export default function ContentSection({ permissions }: { permissions: readonly string[] }) {
  return (
    <KindTabs
      title="content.title"
      tabsLabel="content.tabs"
      kinds={CONTENT_KINDS.filter((kind) => permissions.includes(kind.id))}
    />
  );
}
