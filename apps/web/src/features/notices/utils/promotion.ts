import type { NoticeItem } from '../api/get-notices.ts';

/** The promotion's lead image: its first image by `sequence`, if it has any. */
export function promotionImage(promotion: Pick<NoticeItem, 'announcementImages'>): string | null {
  const [first] = [...promotion.announcementImages].sort((a, b) => a.sequence - b.sequence);
  return first?.url ?? null;
}

export function promotionAnchor(id: number): string {
  return `promotion-${id}`;
}

/** Newest first, as a promotions page lists them. */
export function sortPromotions(list: readonly NoticeItem[]): NoticeItem[] {
  return [...list].sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}
