import type { Locale } from '@inviteflow/contract';
import { pageText, type PageKey } from './locale.ts';
import { sandboxShops } from './world.ts';

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

const styles = `
  body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', sans-serif; background: #f4f5f7; color: #1f2329; }
  .bar { background: #fff; border-bottom: 1px solid #e5e6eb; padding: 14px 24px; display: flex; align-items: center; gap: 12px; font-size: 18px; font-weight: 600; }
  .bar .logo { color: #fe2c55; }
  .badge { background: #ff7d00; color: #fff; border-radius: 4px; padding: 2px 10px; font-size: 13px; letter-spacing: 1px; }
  .lang { margin-left: auto; color: #1664ff; font-size: 14px; font-weight: 400; }
  .card { max-width: 560px; margin: 28px auto; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.06); padding: 28px 32px; }
  .notice { background: #fff7e8; border: 1px solid #ffcf8b; color: #d25f00; border-radius: 4px; padding: 10px 12px; font-size: 13px; margin-bottom: 20px; }
  h1 { font-size: 20px; margin: 0 0 20px; }
  h2 { font-size: 15px; margin: 20px 0 10px; color: #4e5969; }
  .shop { display: block; border: 1px solid #e5e6eb; border-radius: 6px; padding: 12px 14px; margin-bottom: 10px; cursor: pointer; }
  .shop:has(input:checked) { border-color: #fe2c55; background: #fff2f5; }
  .shop .name { font-weight: 600; }
  .shop .meta { color: #86909c; font-size: 13px; margin-left: 6px; }
  ul.perms { margin: 0 0 0 20px; padding: 0; color: #4e5969; font-size: 14px; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { font-size: 15px; padding: 10px 20px; border-radius: 4px; cursor: pointer; border: 1px solid #fe2c55; }
  .allow { background: #fe2c55; color: #fff; }
  .deny { background: #fff; color: #4e5969; border-color: #c9cdd4; }
`;

function frame(locale: Locale, languageHref: string, body: string): string {
  const t = (key: PageKey) => escape(pageText(locale, key));
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')} · ${t('badge')}</title>
<style>${styles}</style>
</head>
<body>
<div class="bar"><span class="logo">抖店</span><span>${t('title')}</span><span class="badge" data-testid="sandbox-badge">${t('badge')}</span><a class="lang" href="${escape(languageHref)}">${t('language')}</a></div>
<div class="card">
<div class="notice" role="note">${t('notice')}</div>
${body}
</div>
</body>
</html>`;
}

export interface AuthorizePageInput {
  action: string;
  serviceId: string;
  state: string;
  appName: string;
  languageHref: string;
}

/** The seller chooses a sandbox shop, sees what the app may do, and decides. */
export function authorizePage(locale: Locale, input: AuthorizePageInput): string {
  const t = (key: PageKey, params?: Record<string, string>) =>
    escape(pageText(locale, key, params));
  const shops = sandboxShops
    .map(
      (shop, i) => `<label class="shop" data-testid="shop-${escape(shop.id)}">
<input type="radio" name="shop_id" value="${escape(shop.id)}"${i === 0 ? ' checked' : ''}>
<span class="name">${escape(shop.name[locale])}</span><span class="meta">${escape(shop.category[locale])} · ID ${escape(shop.id)}</span>
</label>`,
    )
    .join('\n');
  return frame(
    locale,
    input.languageHref,
    `<h1>${t('heading', { app: input.appName })}</h1>
<form method="post" action="${escape(input.action)}">
<input type="hidden" name="service_id" value="${escape(input.serviceId)}">
<input type="hidden" name="state" value="${escape(input.state)}">
<input type="hidden" name="lang" value="${locale}">
<h2>${t('chooseShop')}</h2>
${shops}
<h2>${t('permissions')}</h2>
<ul class="perms"><li>${t('permission.shop')}</li><li>${t('permission.plans')}</li><li>${t('permission.activities')}</li></ul>
<div class="actions">
<button class="allow" type="submit" name="decision" value="allow">${t('allow')}</button>
<button class="deny" type="submit" name="decision" value="deny">${t('deny')}</button>
</div>
</form>`,
  );
}

export type InvalidReason = 'serviceId' | 'state' | 'shop' | 'decision';

export function invalidPage(locale: Locale, reason: InvalidReason, languageHref: string): string {
  const message = pageText(locale, 'invalid', { reason: pageText(locale, `reason.${reason}`) });
  return frame(locale, languageHref, `<div class="message" role="alert">${escape(message)}</div>`);
}
