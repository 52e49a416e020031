import { pickLocale, type Locale } from '@inviteflow/contract';

/**
 * The words of the authorization page. The sandbox plays the platform, so its texts are its
 * own, in both languages, typed from the Chinese catalogue (zh-CN is the default).
 */
const zhCN = {
  title: '抖店 服务市场授权',
  badge: '沙箱',
  notice:
    '这是内置的抖店开放平台沙箱，仅用于体验和测试：这里的店铺、商品、达人和团长活动都是生成的，不会连接真实的抖店。',
  heading: '{app} 申请获取你的抖店店铺授权',
  chooseShop: '选择一个沙箱店铺',
  permissions: '授权后，应用可以',
  'permission.plans': '创建和管理精选联盟定向计划，向计划添加达人',
  'permission.activities': '查看团长活动并提报商品',
  'permission.shop': '读取店铺基本信息',
  allow: '确认授权',
  deny: '拒绝',
  language: 'English',
  invalid: '授权链接无效：{reason}',
  'reason.serviceId': '没有这个服务（service_id 不正确）',
  'reason.state': '缺少 state 参数',
  'reason.shop': '请选择一个店铺',
  'reason.decision': '请选择确认授权或拒绝',
} as const;

export type PageKey = keyof typeof zhCN;

const enUS: Record<PageKey, string> = {
  title: '抖店 service market authorization',
  badge: 'SANDBOX',
  notice:
    'This is the built-in 抖店 open platform sandbox, for trying and testing only: its shops, products, creators and group leader activities are generated, and nothing reaches the real 抖店.',
  heading: '{app} asks for access to your 抖店 shop',
  chooseShop: 'Choose a sandbox shop',
  permissions: 'Once authorized, the app can',
  'permission.plans': 'Create and manage targeted plans and add creators to them',
  'permission.activities': 'See group leader activities and apply products to them',
  'permission.shop': "Read the shop's basic information",
  allow: 'Authorize',
  deny: 'Decline',
  language: '中文',
  invalid: 'This authorization link is not valid: {reason}',
  'reason.serviceId': 'there is no such service (service_id is wrong)',
  'reason.state': 'the state parameter is missing',
  'reason.shop': 'choose a shop',
  'reason.decision': 'choose Authorize or Decline',
};

const catalogues: Record<Locale, Record<PageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function pageText(locale: Locale, key: PageKey, params: Record<string, string> = {}) {
  return catalogues[locale][key].replace(/\{(\w+)\}/g, (_, n: string) => params[n] ?? `{${n}}`);
}

/** `lang` (zh-CN / en-US, or zh / en) wins over Accept-Language; zh-CN by default. */
export function pageLocale(lang: string | undefined, acceptLanguage: string | undefined): Locale {
  if (lang) {
    const l = lang.toLowerCase();
    if (l.startsWith('en')) return 'en-US';
    if (l.startsWith('zh')) return 'zh-CN';
  }
  return pickLocale(acceptLanguage);
}
