import { menuIcons, type MenuNode } from './menu.ts';
import { z } from './zod.ts';

/**
 * The menu as the server answers it (GET /api/v1/menu), checked by the console on arrival.
 * A tree refers to itself: the id names it, so a generated document (OpenAPI) can hold it
 * once as a component and point at it, instead of a reference to nowhere.
 */
export const menuNode: z.ZodType<MenuNode> = z
  .lazy(() =>
    z.object({
      key: z.string(),
      name: z.string().optional(),
      path: z.string().optional(),
      localeKey: z.string(),
      icon: z.enum(menuIcons).optional(),
      order: z.number().int(),
      requiresAuth: z.boolean(),
      roles: z.array(z.string()),
      external: z.boolean().optional(),
      hideInMenu: z.boolean().optional(),
      ignoreCache: z.boolean().optional(),
      children: z.array(menuNode).optional(),
    }),
  )
  .meta({ id: 'MenuNode', description: 'A menu entry: a group with children, or a page' });
export const menuData = z.array(menuNode);
