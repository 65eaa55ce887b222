import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/**
 * Operator rich text (help articles, announcements, notices: §2, §7) is sanitised on the server
 * when stored and again here, right before it becomes HTML in the page.
 *
 * The allow-list is conservative: text structure, lists, tables, links and images only. No
 * `style`, `class` or `id` (inline colours written for one theme would be unreadable in the
 * other, and ids invite DOM clobbering), no forms, media, SVG or MathML. URLs may only be
 * http(s), mailto, tel or relative; `data:` stays allowed for images only.
 */
const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope', 'lang', 'dir'];
/** DOMPurify's own "no scheme, or a safe scheme" expression, with the schemes narrowed. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: Purifier | undefined;

function isExternal(href: string): boolean {
  try {
    const url = new URL(href, window.location.href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

/** Its own DOMPurify instance, so hooks other code adds to the shared default cannot change it. */
function instance(): Purifier {
  if (purifier) return purifier;
  const created = DOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      // Set after the attribute pass, so never taken from the input. Every link: the opened
      // page gets neither window.opener nor our address.
      node.setAttribute('rel', 'noopener noreferrer');
      if (href && isExternal(href)) node.setAttribute('target', '_blank');
      else node.removeAttribute('target');
    } else if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
  purifier = created;
  return created;
}

/** Safe HTML for `dangerouslySetInnerHTML`: scripts, event handlers and `javascript:` URLs removed. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return instance().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  }) as string;
}
