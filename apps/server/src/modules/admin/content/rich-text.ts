import sanitizeHtml from 'sanitize-html';
import type { LocalizedText } from '@khela/contracts';

/**
 * Announcement and help bodies are HTML written by operators and shown to players: keep ordinary
 * formatting, links and images; drop scripts, styles, event handlers and javascript: URLs.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

export function sanitizeLocalizedRichText(text: LocalizedText): LocalizedText {
  return { bn: sanitizeRichText(text.bn), en: sanitizeRichText(text.en) };
}
