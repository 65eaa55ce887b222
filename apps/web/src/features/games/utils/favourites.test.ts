import { describe, expect, it } from 'vitest';
import { toggledIds, toggledPage } from './favourites.ts';

describe('toggledIds (§4 favourite toggle)', () => {
  it('adds an absent id and removes a present one', () => {
    expect(toggledIds(['3', '9'], 5)).toEqual({ ids: ['3', '9', '5'], added: true });
    expect(toggledIds(['3', '5', '9'], 5)).toEqual({ ids: ['3', '9'], added: false });
  });

  it('never lists an id twice', () => {
    const once = toggledIds([], 7).ids;
    expect(toggledIds(once, 7).ids).toEqual([]);
  });
});

describe('toggledPage', () => {
  const g = (nodeId: number) => ({ nodeId, name: `G${nodeId}` });
  it('puts an added game first and takes a removed one out', () => {
    const page = { content: [g(1), g(2)], pageNum: 1 };
    expect(toggledPage(page, g(9), true).content.map((x) => x.nodeId)).toEqual([9, 1, 2]);
    expect(toggledPage(page, g(2), false)).toEqual({ content: [g(1)], pageNum: 1 });
    expect(toggledPage(page, g(1), true).content.map((x) => x.nodeId)).toEqual([1, 2]);
    expect(page.content).toHaveLength(2); // input untouched
  });
});
