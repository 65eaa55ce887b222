/**
 * The readable text of a rich-text notice, for places that show text only (the marquee).
 * DOMParser builds an inert document (no scripts run, no images load), so no sanitiser is
 * needed just to read text, and the home page stays free of DOMPurify.
 */
export function plainText(html: string): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined')
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
