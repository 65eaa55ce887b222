// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

function parse(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = sanitizeHtml(html);
  return box;
}

describe('sanitizeHtml', () => {
  it('keeps ordinary rich text', () => {
    const box = parse('<h3>Deposit</h3><p>Use <strong>bKash</strong> or <em>Nagad</em>.</p><ul><li>১</li></ul>');
    expect(box.querySelector('h3')?.textContent).toBe('Deposit');
    expect(box.querySelector('strong')?.textContent).toBe('bKash');
    expect(box.querySelector('li')?.textContent).toBe('১');
  });

  it('removes scripts and other active elements', () => {
    const box = parse(
      '<p>hi</p><script>alert(1)</script><iframe src="https://evil.test"></iframe><form><input></form><style>p{}</style><svg><script>alert(2)</script></svg>',
    );
    expect(box.querySelector('script, iframe, form, input, style, svg')).toBeNull();
    expect(box.innerHTML).not.toContain('alert');
    expect(box.textContent).toBe('hi');
  });

  it('removes event handlers, styles, classes and ids', () => {
    const box = parse(
      '<img src="https://cdn.test/a.png" onerror="alert(1)"><p onclick="x()" style="color:#000" class="c" id="login">t</p>',
    );
    const img = box.querySelector('img')!;
    expect(img.getAttribute('onerror')).toBeNull();
    const p = box.querySelector('p')!;
    expect(p.getAttributeNames()).toEqual([]);
  });

  it('drops javascript: and other unsafe URLs', () => {
    const box = parse(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="vbscript:x">c</a><a href="data:text/html,<script>alert(1)</script>">d</a><img src="javascript:alert(1)">',
    );
    for (const a of box.querySelectorAll('a')) expect(a.getAttribute('href')).toBeNull();
    expect(box.querySelector('img')?.getAttribute('src')).toBeNull();
  });

  it('opens external links in a new tab, safely', () => {
    const box = parse('<a href="https://example.org/terms" target="_self" rel="opener">x</a>');
    const a = box.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.org/terms');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps internal links in the same tab, still without an opener', () => {
    const box = parse('<a href="/help#deposit" target="_blank">x</a><a href="mailto:help@example.org">m</a>');
    const [internal, mail] = [...box.querySelectorAll('a')] as [HTMLAnchorElement, HTMLAnchorElement];
    expect(internal.getAttribute('href')).toBe('/help#deposit');
    expect(internal.getAttribute('target')).toBeNull();
    expect(internal.getAttribute('rel')).toBe('noopener noreferrer');
    expect(mail.getAttribute('href')).toBe('mailto:help@example.org');
  });

  it('lazy-loads images and gives them an alt', () => {
    const img = parse('<img src="https://cdn.test/a.png">').querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe('');
  });

  it('is not changed by hooks added to the shared DOMPurify instance', async () => {
    const { default: DOMPurify } = await import('dompurify');
    DOMPurify.addHook('afterSanitizeAttributes', (node) => node.setAttribute('data-touched', '1'));
    try {
      expect(parse('<p>x</p>').querySelector('p')?.hasAttribute('data-touched')).toBe(false);
    } finally {
      DOMPurify.removeHook('afterSanitizeAttributes');
    }
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
  });
});
