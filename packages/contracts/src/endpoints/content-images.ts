import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { UPLOAD_CONTENT_TYPES } from './cashier.ts';

const tags = ['admin', 'content'] as const;

/** Where every visitor reads an uploaded content image: content-addressed, so cached for good. */
export const CONTENT_IMAGE_PATH = '/media';

export const contentImageSchema = z.object({
  id: z.number().int(),
  contentType: z.enum(UPLOAD_CONTENT_TYPES),
  size: z.number().int(),
  /** The address to put in a banner's or an article's image field (relative to the site). */
  url: z.string(),
});

/** Issue 16 item 7: images for banners and articles, uploaded from the console. */
export const contentImageAdminEndpoints = {
  upload: defineEndpoint({
    name: 'admin.contentImages.upload',
    method: 'POST',
    path: '/admin/content-images',
    auth: 'operator',
    bodyFormat: 'binary',
    summary:
      'Upload a banner or article image: the raw bytes, Content-Type image/png or image/jpeg, at most 5 MB; value.url serves it to every visitor',
    tags,
    response: contentImageSchema,
  }),
};
