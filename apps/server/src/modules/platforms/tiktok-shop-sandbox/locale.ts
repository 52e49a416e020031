import { pickLocale, type Locale } from '@inviteflow/contract';

/**
 * The words of the pages the sandbox draws. The sandbox plays the platform, so its texts
 * are its own, in both languages, typed from the Chinese catalogue (zh-CN is the default).
 * Its API answers are in English, as the platform's are.
 */
const zhCN = {
  title: 'TikTok Shop 授权',
  badge: '沙箱',
  notice:
    '这是内置的 TikTok Shop 沙箱，仅用于体验和测试：这里的卖家、店铺、达人都是生成的，不会连接真实的 TikTok Shop。',
  heading: '{app} 请求访问你的 TikTok Shop 店铺',
  chooseSeller: '选择一个沙箱卖家账号',
  localSeller: '本土卖家（一个店铺）',
  crossBorderSeller: '跨境卖家（多个地区店铺）',
  shopLine: '{name}（{region}）',
  permissions: '应用将获得以下权限',
  'scope.seller.authorization.info': '查看已授权的店铺信息',
  'scope.seller.creator_marketplace.read': '在达人广场搜索达人',
  'scope.seller.affiliate_collaboration.read': '查看联盟合作（定向邀约）',
  'scope.seller.affiliate_collaboration.write': '创建和管理联盟合作（定向邀约）',
  'scope.seller.affiliate_messages.write': '代表卖家给达人发送私信',
  allow: '授权',
  deny: '拒绝',
  language: 'English',
  invalid: '授权链接无效：{reason}',
  'reason.serviceId': '没有这个应用（service_id 不正确）',
  'reason.state': '缺少 state 参数',
  'reason.seller': '请选择一个卖家账号',
  'reason.decision': '请选择授权或拒绝',
} as const;

export type PageKey = keyof typeof zhCN;

const enUS: Record<PageKey, string> = {
  title: 'TikTok Shop authorization',
  badge: 'SANDBOX',
  notice:
    'This is the built-in TikTok Shop sandbox, for trying and testing only: its sellers, shops and creators are generated, and nothing reaches the real TikTok Shop.',
  heading: '{app} asks to access your TikTok Shop',
  chooseSeller: 'Choose a sandbox seller account',
  localSeller: 'Local seller (one shop)',
  crossBorderSeller: 'Cross-border seller (shops in several regions)',
  shopLine: '{name} ({region})',
  permissions: 'The app will be able to',
  'scope.seller.authorization.info': 'See the authorized shops',
  'scope.seller.creator_marketplace.read': 'Search creators on the Creator Marketplace',
  'scope.seller.affiliate_collaboration.read': 'See affiliate collaborations (target invitations)',
  'scope.seller.affiliate_collaboration.write':
    'Create and manage affiliate collaborations (target invitations)',
  'scope.seller.affiliate_messages.write': 'Send messages to creators on your behalf',
  allow: 'Authorize',
  deny: 'Decline',
  language: '中文',
  invalid: 'This authorization link is not valid: {reason}',
  'reason.serviceId': 'there is no such app (service_id is wrong)',
  'reason.state': 'the state parameter is missing',
  'reason.seller': 'choose a seller account',
  'reason.decision': 'choose Authorize or Decline',
};

const catalogues: Record<Locale, Record<PageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function pageText(
  locale: Locale,
  key: PageKey,
  params: Record<string, string> = {},
): string {
  return catalogues[locale][key].replace(
    /\{(\w+)\}/g,
    (_, name: string) => params[name] ?? `{${name}}`,
  );
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
