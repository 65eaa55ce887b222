import type { z } from 'zod';
import {
  BANNER_GROUPS,
  LINKAGE_TYPES,
  type Announcement,
  type ANNOUNCEMENT_TYPES,
  type bannerSchema,
  type DEVICES,
  type helpArticleSchema,
  type Language,
  type noticeQuerySchema,
  type noticeSchema,
} from '@khela/contracts';
import type { MerchantContext } from '../../http/context.ts';
import { oneOf, pickLocalized } from './localized.ts';
import type { SystemRepository } from './repository.ts';

type Banner = z.infer<typeof bannerSchema>;
type Notice = z.infer<typeof noticeSchema>;
type NoticeQuery = z.output<typeof noticeQuerySchema>;
type HelpArticle = z.infer<typeof helpArticleSchema>;
type AnnouncementRow = Awaited<ReturnType<SystemRepository['publishedAnnouncements']>>[number];

/** Where each announcement type goes in the notice answer (§3, endpoints.md home.notice). */
const NOTICE_LIST = {
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'announcements',
} as const satisfies Record<Exclude<(typeof ANNOUNCEMENT_TYPES)[number], 'B'>, keyof Notice>;

function imagesOf(stored: unknown): Announcement['announcementImages'] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter(
      (image): image is { sequence: number; url: string } =>
        typeof image === 'object' &&
        image !== null &&
        Number.isInteger((image as { sequence?: unknown }).sequence) &&
        typeof (image as { url?: unknown }).url === 'string',
    )
    .map(({ sequence, url }) => ({ sequence, url }))
    .sort((a, b) => a.sequence - b.sequence);
}

/** Banners, notices, popups, promotions, announcements and help, in the visitor's language. */
export function siteContentService(repository: SystemRepository) {
  async function notice(merchant: MerchantContext, language: Language, query: NoticeQuery): Promise<Notice> {
    const text = (value: AnnouncementRow['title']) => pickLocalized(value, language, merchant.defaultLanguage);
    const types = new Set(query.types);
    const announcementTypes = [...types].filter((type) => type !== 'B');
    const [banners, announcements] = await Promise.all([
      types.has('B') ? repository.activeBanners(merchant.id) : [],
      announcementTypes.length ? repository.publishedAnnouncements(merchant.id, announcementTypes) : [],
    ]);

    const result: Notice = { banners: {}, player: [], popup: [], promotion: [], announcements: [] };
    for (const row of banners) {
      if (!(BANNER_GROUPS as readonly string[]).includes(row.group_name)) continue;
      const group = row.group_name as Banner['groupName'];
      (result.banners[group] ??= []).push({
        id: row.id,
        groupName: group,
        title: text(row.title),
        url: row.url,
        linkage: row.linkage,
        linkageType: oneOf(LINKAGE_TYPES, row.linkage_type, 'NONE'),
        video: row.video,
        sequence: row.sequence,
      });
    }
    for (const row of announcements) {
      if (row.type === 'B') continue;
      // §4: popups are shown by audience (A after login, B before, F first login); a popup
      // without an execution is shown to every audience.
      if (row.type === 'PU' && query.execution && row.execution !== null && row.execution !== query.execution) continue;
      result[NOTICE_LIST[row.type]].push({
        id: row.id,
        type: row.type,
        title: text(row.title),
        content: text(row.content),
        execution: row.execution,
        time: row.published_at.toISOString(),
        announcementImages: imagesOf(row.images),
      });
    }
    return result;
  }

  /** Help articles for a device: those written for it and those for every device. */
  async function helpCenter(
    merchant: MerchantContext,
    language: Language,
    device: (typeof DEVICES)[number],
  ): Promise<HelpArticle[]> {
    const rows = await repository.activeHelpArticles(merchant.id, [device, 'ALL']);
    return rows.map((row) => ({
      tag: row.tag,
      title: pickLocalized(row.title, language, merchant.defaultLanguage),
      content: pickLocalized(row.content, language, merchant.defaultLanguage),
    }));
  }

  return { notice, helpCenter };
}
