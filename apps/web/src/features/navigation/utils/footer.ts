import type { SystemStatus } from '@khela/contracts';

type Resource = SystemStatus['info']['resources'][number];

/** §2 footer social links, from these resource types. */
export const SOCIAL_TYPES: readonly string[] = ['FACEBOOK', 'TELEGRAM', 'YOUTUBE', 'INSTAGRAM', 'WHATSAPP'];

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** Footer social links: the FACEBOOK, TELEGRAM, YOUTUBE, INSTAGRAM and WHATSAPP resources. */
export function socialLinks(resources: readonly Resource[]) {
  return resources
    .map((r) => ({ id: r.id, type: r.resourceType.toUpperCase(), url: r.url, label: r.label }))
    .filter((r) => SOCIAL_TYPES.includes(r.type) && isWebLink(r.url));
}

/**
 * Footer image rows. An operator adds a payment, certification or licence image as a resource
 * of type PAYMENT, CERTIFICATION or LICENCE (LICENSE too): `url` is the image, `label` its text.
 * Rows without images are left out.
 */
export const IMAGE_ROWS = ['payments', 'certification', 'licence'] as const;
const ROW_OF: Record<string, (typeof IMAGE_ROWS)[number]> = {
  PAYMENT: 'payments',
  CERTIFICATION: 'certification',
  LICENCE: 'licence',
  LICENSE: 'licence',
};

export function imageRows(resources: readonly Resource[]) {
  return IMAGE_ROWS.map((kind) => ({
    kind,
    images: resources.filter((r) => ROW_OF[r.resourceType.toUpperCase()] === kind && r.url),
  })).filter((row) => row.images.length > 0);
}
