import { menuTree, type MenuNode } from '@inviteflow/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The one route table (STYLE.md habit 4): each page node of the contract's `menuTree`
 * joined with its lazy page. Menu, breadcrumb, tab titles and the guard all read this.
 */
type Page = LazyExoticComponent<ComponentType> & {
  /** Starts downloading the page's code before it is rendered. */
  preload: () => Promise<unknown>;
};

function page<M extends Record<string, ComponentType>>(
  load: () => Promise<M>,
  name: keyof M,
): Page {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { preload: load },
  );
}

const membership = () => import('@/features/membership/index.ts');
const invite = () => import('@/features/invite/index.ts');
const messages = () => import('@/features/messages/index.ts');
const templates = () => import('@/features/templates/index.ts');
const talents = () => import('@/features/talents/index.ts');
const user = () => import('@/features/user/index.ts');
const sendRecords = () => import('@/features/send-records/index.ts');
const shops = () => import('@/features/shops/index.ts');
const workplace = () => import('@/features/workplace/index.ts');

/** Every page key of `menuTree` must be here (a test checks both directions). */
export const pages: Record<string, Page> = {
  'sent/workplace': page(workplace, 'WorkplacePage'),
  'sent/search-table': page(sendRecords, 'SentSearchTablePage'),
  'template/script': page(templates, 'ScriptTemplatesPage'),
  'template/product': page(templates, 'ProductTemplatesPage'),
  'shop/list': page(shops, 'ShopListPage'),
  'talent/search-table': page(talents, 'TalentSearchTablePage'),
  'talent/blacklist': page(talents, 'TalentBlacklistPage'),
  'membership/purchase': page(membership, 'MembershipPurchasePage'),
  'membership/records': page(membership, 'MembershipRecordsPage'),
  'membership/result': page(membership, 'MembershipResultPage'),
  'user/info': page(user, 'UserInfoPage'),
  'user/change-password': page(user, 'ChangePasswordPage'),
  'user/messages': page(messages, 'MessageCenterPage'),
  'invite/reward': page(invite, 'InviteRewardPage'),
};

export interface PageRoute {
  key: string;
  /** The spec's route name, e.g. SentSearchTable. */
  name: string;
  path: string;
  localeKey: string;
  requiresAuth: boolean;
  roles: string[];
  ignoreCache: boolean;
  hideInMenu: boolean;
  /** Locale keys from the top group down to this page, for the breadcrumb. */
  trail: string[];
  Component: Page;
}

function collect(nodes: readonly MenuNode[], trail: string[], into: PageRoute[]): PageRoute[] {
  for (const node of nodes) {
    const here = [...trail, node.localeKey];
    if (node.path && !node.external) {
      const Component = pages[node.key];
      if (!Component) throw new Error(`No page for menu route "${node.key}"`);
      into.push({
        key: node.key,
        name: node.name ?? node.key,
        path: node.path,
        localeKey: node.localeKey,
        requiresAuth: node.requiresAuth,
        roles: node.roles,
        ignoreCache: node.ignoreCache ?? false,
        hideInMenu: node.hideInMenu ?? false,
        trail: here,
        Component,
      });
    }
    if (node.children) collect(node.children, here, into);
  }
  return into;
}

export const pageRoutes: readonly PageRoute[] = collect(menuTree, [], []);

export function routeByPath(pathname: string): PageRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pageRoutes.find((route) => route.path === normalized);
}

export function routeByName(name: string): PageRoute | undefined {
  return pageRoutes.find((route) => route.name === name);
}

export const publicPaths = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
} as const;
