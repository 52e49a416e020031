import { apiPaths, menuData, type MenuNode } from '@inviteflow/contract';
import { request } from '@/lib/request.ts';

/**
 * GET /api/v1/menu: the menu for the "menu from server" setting, checked against the
 * contract. Quiet: the spec's 'menu load failed' notification is the one message shown.
 */
export async function getMenu(): Promise<MenuNode[]> {
  const data = await request<unknown>(apiPaths.menu, { quiet: true });
  return menuData.parse(data);
}
