import type { z } from 'zod';
import { CONTENT_KINDS, type Language, type LocalizedText } from '@khela/contracts';
import { fieldError } from '../field-errors.ts';
import { normaliseCidr } from './region-address.ts';
import { sanitizeLocalizedRichText } from './rich-text.ts';

export type ContentKindName = keyof typeof CONTENT_KINDS;
export const CONTENT_KIND_NAMES = Object.keys(CONTENT_KINDS) as ContentKindName[];

export type ContentTable =
  | 'banners'
  | 'announcements'
  | 'help_articles'
  | 'customer_service'
  | 'resources'
  | 'merchant_domains'
  | 'maintenance_windows'
  | 'region_rules'
  | 'content_articles'
  | 'live_hosts';

export type ContentInput = Record<string, unknown>;

type FieldsOf<K extends ContentKindName> = keyof z.output<(typeof CONTENT_KINDS)[K]['input']>;

export interface ContentKind<K extends ContentKindName = ContentKindName> {
  table: ContentTable;
  /** Contract field → column; every field of the contract is listed. */
  columns: Record<FieldsOf<K>, string>;
  /** Columns stored as jsonb. */
  json: readonly string[];
  /** The list's order when the operator asks for none. */
  orderBy: readonly (readonly [column: string, direction: 'asc' | 'desc'])[];
  /** Columns the list's `q` searches (part of the text; a jsonb column in either language). */
  search: readonly string[];
  /** Rules the contract cannot check (sanitising, address parsing), applied before every write. */
  prepare?: (input: ContentInput, language: Language) => ContentInput;
}

function sanitizeContent(input: ContentInput): ContentInput {
  return { ...input, content: sanitizeLocalizedRichText(input.content as LocalizedText) };
}

/** An article published without a date is published now; its body is sanitised like every rich text. */
function prepareArticle(input: ContentInput): ContentInput {
  const publishedAt = input.status === 'published' && !input.publishedAt ? new Date().toISOString() : input.publishedAt;
  return { ...sanitizeContent(input), publishedAt };
}

/** The one table that turns the generic content CRUD into each kind of operator-edited content. */
export const CONTENT_KIND_TABLE: { [K in ContentKindName]: ContentKind<K> } = {
  banners: {
    table: 'banners',
    columns: {
      groupName: 'group_name',
      title: 'title',
      url: 'url',
      linkage: 'linkage',
      linkageType: 'linkage_type',
      video: 'video',
      sequence: 'sequence',
      active: 'active',
    },
    json: ['title'],
    orderBy: [
      ['group_name', 'asc'],
      ['sequence', 'asc'],
    ],
    search: ['title', 'group_name'],
  },
  announcements: {
    table: 'announcements',
    columns: {
      type: 'type',
      title: 'title',
      content: 'content',
      execution: 'execution',
      images: 'images',
      sequence: 'sequence',
      active: 'active',
      publishedAt: 'published_at',
    },
    json: ['title', 'content', 'images'],
    orderBy: [
      ['type', 'asc'],
      ['sequence', 'asc'],
    ],
    search: ['title'],
    prepare: sanitizeContent,
  },
  helpArticles: {
    table: 'help_articles',
    columns: {
      tag: 'tag',
      title: 'title',
      content: 'content',
      device: 'device',
      sequence: 'sequence',
      active: 'active',
    },
    json: ['title', 'content'],
    orderBy: [['sequence', 'asc']],
    search: ['title', 'tag'],
    prepare: sanitizeContent,
  },
  customerService: {
    table: 'customer_service',
    columns: {
      csType: 'cs_type',
      csPosition: 'cs_position',
      title: 'title',
      url: 'url',
      sequence: 'sequence',
      active: 'active',
    },
    json: ['title'],
    orderBy: [['sequence', 'asc']],
    search: ['title', 'url'],
  },
  resources: {
    table: 'resources',
    columns: { resourceType: 'resource_type', url: 'url', label: 'label', active: 'active' },
    json: ['label'],
    orderBy: [['resource_type', 'asc']],
    search: ['label', 'resource_type', 'url'],
  },
  domains: {
    table: 'merchant_domains',
    columns: { domain: 'domain', kind: 'kind', affiliateCode: 'affiliate_code' },
    json: [],
    orderBy: [['domain', 'asc']],
    search: ['domain', 'affiliate_code'],
  },
  maintenance: {
    table: 'maintenance_windows',
    columns: { startsAt: 'starts_at', endsAt: 'ends_at', message: 'message' },
    json: ['message'],
    orderBy: [['starts_at', 'desc']],
    search: ['message'],
  },
  regionRules: {
    table: 'region_rules',
    columns: { kind: 'kind', value: 'value' },
    json: [],
    orderBy: [
      ['kind', 'asc'],
      ['value', 'asc'],
    ],
    search: ['value'],
    prepare: (input, language) => {
      if (input.kind !== 'cidr') return input;
      const value = normaliseCidr(String(input.value));
      if (value === null) throw fieldError('value', 'invalidCidr', language);
      return { ...input, value };
    },
  },
  articles: {
    table: 'content_articles',
    columns: {
      category: 'category',
      slug: 'slug',
      title: 'title',
      summary: 'summary',
      content: 'content',
      coverUrl: 'cover_url',
      status: 'status',
      publishedAt: 'published_at',
    },
    json: ['title', 'summary', 'content'],
    orderBy: [['published_at', 'desc']],
    search: ['title', 'slug'],
    prepare: prepareArticle,
  },
  liveHosts: {
    table: 'live_hosts',
    columns: {
      name: 'name',
      avatarUrl: 'avatar_url',
      online: 'online',
      viewers: 'viewers',
      tags: 'tags',
      sequence: 'sequence',
      active: 'active',
    },
    json: ['tags'],
    orderBy: [['sequence', 'asc']],
    search: ['name'],
  },
};
