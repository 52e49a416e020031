import { anyRole, type MenuNode, type Role } from '@inviteflow/contract';

/** What the guard needs to know about a route (spec section 6). */
export interface RouteAccessMeta {
  requiresAuth?: boolean;
  roles?: readonly string[];
}

/**
 * A route is open when it does not require auth or has no roles list; with a list it needs
 * the wildcard or the user's role (an empty list therefore opens to nobody).
 */
export function hasAccess(meta: RouteAccessMeta, role: Role | ''): boolean {
  if (!meta.requiresAuth || !meta.roles) return true;
  return meta.roles.includes(anyRole) || (role !== '' && meta.roles.includes(role));
}

/**
 * The first page of the menu tree the role may open, in menu order, or undefined (the
 * guard then shows the not-found page). Groups the role cannot open are skipped whole.
 */
export function firstPermittedPath(tree: readonly MenuNode[], role: Role | ''): string | undefined {
  const queue = [...tree].sort((a, b) => a.order - b.order);
  while (queue.length > 0) {
    const node = queue.shift();
    if (!node || !hasAccess(node, role)) continue;
    if (node.path && !node.external) return node.path;
    if (node.children) queue.unshift(...[...node.children].sort((a, b) => a.order - b.order));
  }
  return undefined;
}

/** The query that sends a signed-out visitor to /login and brings them back afterwards. */
export function loginRedirectSearch(target: string, query: URLSearchParams): string {
  const params = new URLSearchParams();
  params.set('redirect', target);
  query.forEach((value, key) => {
    if (key !== 'redirect') params.append(key, value);
  });
  return `?${params.toString()}`;
}
