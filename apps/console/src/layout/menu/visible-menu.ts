import type { MenuNode, Role } from '@inviteflow/contract';
import { hasAccess } from '@/app/access.ts';

/**
 * The menu a role sees: hidden entries and entries the role cannot open are left out,
 * groups left empty disappear, and siblings follow the spec's order (stable for ties).
 */
export function visibleMenu(tree: readonly MenuNode[], role: Role | ''): MenuNode[] {
  return [...tree]
    .filter((node) => !node.hideInMenu && hasAccess(node, role))
    .sort((a, b) => a.order - b.order)
    .flatMap((node) => {
      if (!node.children) return [node];
      const children = visibleMenu(node.children, role);
      if (children.length === 0 && !node.path && !node.external) return [];
      return [{ ...node, children }];
    });
}

export function findNode(tree: readonly MenuNode[], key: string): MenuNode | undefined {
  for (const node of tree) {
    if (node.key === key) return node;
    const inChild = node.children ? findNode(node.children, key) : undefined;
    if (inChild) return inChild;
  }
  return undefined;
}

/** The keys from the top group down to the node whose path is `pathname`. */
export function keyPath(tree: readonly MenuNode[], pathname: string): string[] {
  for (const node of tree) {
    if (node.path === pathname) return [node.key];
    if (node.children) {
      const below = keyPath(node.children, pathname);
      if (below.length > 0) return [node.key, ...below];
    }
  }
  return [];
}
