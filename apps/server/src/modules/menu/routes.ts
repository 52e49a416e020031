import { anyRole, apiPaths, menuData, menuTree, type MenuNode } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { responses } from '../../lib/route-schemas.ts';

/** The menu entries a role may see: wildcard or the role itself, groups left empty dropped. */
export function menuForRole(nodes: MenuNode[], role: string): MenuNode[] {
  return nodes.flatMap((node) => {
    if (!node.roles.includes(anyRole) && !node.roles.includes(role)) return [];
    if (!node.children) return [node];
    const children = menuForRole(node.children, role);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** The server-driven menu (settings: "menu from server"). */
export async function menuRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.menu,
    {
      schema: {
        tags: ['menu'],
        summary: 'The console menu for the signed-in user',
        response: responses(menuData),
      },
    },
    async (request) => ok(request, menuForRole(menuTree, request.auth.role)),
  );
}
