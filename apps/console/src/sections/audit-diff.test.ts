import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.ts';
import { formErrors, groupSecret } from './operators-form.ts';

describe('auditDiff', () => {
  it('flattens both sides and puts the changes first', () => {
    expect(
      auditDiff(
        { role: 'content', active: true, title: { en: 'Old', bn: 'পুরনো' }, gone: 1 },
        { role: 'settings', active: true, title: { en: 'New', bn: 'পুরনো' }, tags: ['a'] },
      ),
    ).toEqual([
      { path: 'role', before: 'content', after: 'settings', kind: 'changed' },
      { path: 'title.en', before: 'Old', after: 'New', kind: 'changed' },
      { path: 'gone', before: '1', after: undefined, kind: 'removed' },
      { path: 'tags.0', before: undefined, after: 'a', kind: 'added' },
      { path: 'active', before: 'true', after: 'true', kind: 'same' },
      { path: 'title.bn', before: 'পুরনো', after: 'পুরনো', kind: 'same' },
    ]);
  });

  it('shows a creation as all added and a plain value as one line', () => {
    expect(auditDiff(null, { id: 3 })).toEqual([{ path: 'id', before: undefined, after: '3', kind: 'added' }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff('a', 'b')).toEqual([{ path: '·', before: 'a', after: 'b', kind: 'changed' }]);
  });
});

describe('formErrors', () => {
  const inputs = ['username', 'password', 'role'];
  it('puts field errors and field codes beside their inputs', () => {
    expect(
      formErrors(
        {
          code: 'request.invalid',
          message: 'Some fields are not valid.',
          fields: [
            { field: 'body.password', message: 'Too short' },
            { field: 'body.other', message: 'Odd' },
          ],
        },
        inputs,
        'x',
      ),
    ).toEqual({ fields: { password: 'Too short' }, form: 'Odd' });
    expect(formErrors({ code: 'admin.conflict', message: 'Exists' }, inputs, 'x')).toEqual({
      fields: { username: 'Exists' },
      form: null,
    });
    expect(formErrors({ code: 'operator.self_change', message: 'Not you' }, inputs, 'x')).toEqual({
      fields: {},
      form: 'Not you',
    });
    expect(formErrors(new TypeError('offline'), inputs, 'Could not')).toEqual({ fields: {}, form: 'Could not' });
  });

  it('groups a secret in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
