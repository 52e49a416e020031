/**
 * The menu and route table as data (spec section 2). The console joins each
 * leaf with its lazy page; the server answers it at /api/v1/menu for the
 * "menu from server" setting. Order and icons are the spec's.
 */
export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];
/** Every menu route allows all roles. */
export const anyRole = '*';

export const menuIcons = [
  'send',
  'file',
  'apps',
  'user-group',
  'fire',
  'user',
  'gift',
  'question',
] as const;
export type MenuIcon = (typeof menuIcons)[number];

export interface MenuNode {
  /** Unique key; for pages also the route name of the spec (e.g. SentSearchTable). */
  key: string;
  /** Route name of the spec, for pages. */
  name?: string;
  /** Console path, for pages. */
  path?: string;
  /** The locale key of the title, e.g. `menu.sent.searchTable`. */
  localeKey: string;
  icon?: MenuIcon;
  order: number;
  requiresAuth: boolean;
  roles: string[];
  /** Opens an external page instead of a route (the FAQ entry). */
  external?: boolean;
  /** Reachable as a route but not listed in the menu. */
  hideInMenu?: boolean;
  /** Not kept alive by the tab bar. */
  ignoreCache?: boolean;
  children?: MenuNode[];
}

const all = [anyRole];

function page(
  key: string,
  name: string,
  path: string,
  localeKey: string,
  extra: Partial<MenuNode> = {},
): MenuNode {
  return { key, name, path, localeKey, order: 0, requiresAuth: true, roles: all, ...extra };
}

export const menuTree: MenuNode[] = [
  {
    key: 'sent',
    localeKey: 'menu.sent',
    icon: 'send',
    order: 1,
    requiresAuth: true,
    roles: all,
    children: [
      // The spec's sample menu: workplace first, then search-table (still the landing page).
      page('sent/workplace', 'Workplace', '/sent/workplace', 'menu.sent.workplace'),
      page('sent/search-table', 'SentSearchTable', '/sent/search-table', 'menu.sent.searchTable'),
    ],
  },
  {
    key: 'template',
    localeKey: 'menu.template',
    icon: 'file',
    order: 2,
    requiresAuth: true,
    roles: all,
    children: [
      page('template/script', 'TemplateScript', '/template/script', 'menu.template.script'),
      page('template/product', 'TemplateProduct', '/template/product', 'menu.template.product'),
    ],
  },
  {
    key: 'shop',
    localeKey: 'menu.shop',
    icon: 'apps',
    order: 3,
    requiresAuth: true,
    roles: all,
    children: [page('shop/list', 'ShopList', '/shop/list', 'menu.shop.list')],
  },
  {
    key: 'talent',
    localeKey: 'menu.talent',
    icon: 'user-group',
    order: 3,
    requiresAuth: true,
    roles: all,
    children: [
      page(
        'talent/search-table',
        'TalentSearchTable',
        '/talent/search-table',
        'menu.talent.searchTable',
      ),
      page('talent/blacklist', 'TalentBlacklist', '/talent/blacklist', 'menu.talent.blacklist'),
    ],
  },
  {
    key: 'membership',
    localeKey: 'menu.membership',
    icon: 'fire',
    order: 4,
    requiresAuth: true,
    roles: all,
    children: [
      page(
        'membership/purchase',
        'MembershipPurchase',
        '/membership/purchase',
        'menu.membership.purchase',
      ),
      page(
        'membership/records',
        'MembershipRecords',
        '/membership/records',
        'menu.membership.records',
      ),
      // Where the payment gateway sends the browser back after paying (return_url).
      page(
        'membership/result',
        'MembershipResult',
        '/membership/result',
        'menu.membership.result',
        { hideInMenu: true, ignoreCache: true },
      ),
    ],
  },
  {
    key: 'user',
    localeKey: 'menu.user',
    icon: 'user',
    order: 4,
    requiresAuth: true,
    roles: all,
    children: [
      page('user/info', 'UserInfo', '/user/info', 'menu.user.info'),
      page(
        'user/change-password',
        'UserChangePassword',
        '/user/change-password',
        'menu.user.changePassword',
        {
          hideInMenu: true,
          ignoreCache: true,
        },
      ),
      // The message center: the message box's View More.
      page('user/messages', 'MessageCenter', '/user/messages', 'menu.user.messages', {
        hideInMenu: true,
      }),
    ],
  },
  {
    key: 'invite',
    localeKey: 'menu.invite',
    icon: 'gift',
    order: 6,
    requiresAuth: true,
    roles: all,
    children: [page('invite/reward', 'InviteReward', '/invite/reward', 'menu.invite.reward')],
  },
  {
    key: 'faq',
    localeKey: 'menu.faq',
    icon: 'question',
    order: 9,
    requiresAuth: true,
    roles: all,
    external: true,
  },
];

/** The default landing page after login. */
export const defaultRoutePath = '/sent/search-table';
