import { locales, menuTree, type MenuNode } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import { globalTexts } from '@/locale/index.ts';
import { visibleMenu } from '@/layout/menu/visible-menu.ts';
import { pageRoutes, pages } from './route-table.ts';

function pageKeys(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.path && !node.external ? [node.key] : []),
    ...pageKeys(node.children ?? []),
  ]);
}

function localeKeys(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [node.localeKey, ...localeKeys(node.children ?? [])]);
}

describe('route table', () => {
  it('has a page for every menu route and no page without one', () => {
    expect(Object.keys(pages).sort()).toEqual(pageKeys(menuTree).sort());
    expect(pageRoutes.map((route) => route.path)).toContain('/sent/search-table');
  });

  it('has every menu title in both languages', () => {
    for (const locale of locales) {
      for (const key of localeKeys(menuTree)) {
        expect(globalTexts[locale], `${locale} ${key}`).toHaveProperty([key]);
      }
    }
  });

  it("lists the menu in the spec's order with its icons, without hidden entries", () => {
    const menu = visibleMenu(menuTree, 'user');
    expect(menu.map((node) => node.icon)).toEqual([
      'send',
      'file',
      'apps',
      'user-group',
      'fire',
      'user',
      'gift',
      'question',
    ]);
    const user = menu.find((node) => node.key === 'user');
    expect(user?.children?.map((node) => node.key)).toEqual(['user/info']);
  });
});
