import { describe, expect, it } from 'vitest';
import { applyRichCommand, bodyOf, fieldErrorsOf, formOf, type FieldSpec } from './content-logic.ts';

const fields: FieldSpec[] = [
  { name: 'title', kind: 'localized' },
  { name: 'sequence', kind: 'number' },
  { name: 'active', kind: 'checkbox' },
  { name: 'video', kind: 'checkbox', initial: false },
  { name: 'execution', kind: 'select', options: ['A', 'B'], nullable: true },
  { name: 'endsAt', kind: 'datetime', nullable: true },
  { name: 'publishedAt', kind: 'datetime' },
  { name: 'affiliateCode', kind: 'text', emptyAsNull: true },
];

describe('content forms (issue 16 item 7)', () => {
  it('gives a new item defaults and turns the form into the body the contract expects', () => {
    const form = formOf(fields, null);
    expect(form).toMatchObject({ title: { bn: '', en: '' }, sequence: '0', active: true, execution: '' });
    const body = bodyOf(fields, { ...form, sequence: '7', title: { bn: 'ক', en: 'A' } }, null);
    expect(body).toEqual({
      title: { bn: 'ক', en: 'A' },
      sequence: 7,
      active: true,
      video: false,
      execution: null,
      endsAt: null,
      affiliateCode: null,
    });
    expect('publishedAt' in body).toBe(false);
  });

  it('keeps what the form does not edit and round-trips dates', () => {
    const item = {
      id: 3,
      images: [{ sequence: 0, url: '/a.png' }],
      publishedAt: '2026-01-02T03:04:00.000Z',
      active: false,
      sequence: 2,
    };
    const body = bodyOf(fields, formOf(fields, item), item);
    expect(body).toMatchObject({ images: item.images, publishedAt: item.publishedAt, active: false, sequence: 2 });
    expect('id' in body).toBe(false);
  });

  it('leaves a non-number as typed so the server names the field', () => {
    expect(bodyOf(fields, { ...formOf(fields, null), sequence: '1.5' }, null).sequence).toBe('1.5');
  });

  it('puts server field errors beside their inputs and the rest above the buttons', () => {
    const { byInput, rest } = fieldErrorsOf(
      [
        { field: 'body.title.en', message: 'Too long' },
        { field: 'body.sequence', message: 'Too big' },
        { field: 'body.images.0.url', message: 'Bad url' },
      ],
      ['title', 'sequence'],
    );
    expect(byInput).toEqual({ 'title.en': 'Too long', sequence: 'Too big' });
    expect(rest).toEqual(['Bad url']);
  });

  it('wraps the selection in the markup of a toolbar command', () => {
    expect(applyRichCommand('say hi now', 4, 6, 'bold')).toEqual({ text: 'say <strong>hi</strong> now', caret: 23 });
    expect(applyRichCommand('x', 1, 1, 'link', 'https://a.b/"q').text).toBe(
      'x<a href="https://a.b/&quot;q">https://a.b/"q</a>',
    );
    expect(applyRichCommand('a\nb', 0, 3, 'list').text).toBe('<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>');
  });
});
