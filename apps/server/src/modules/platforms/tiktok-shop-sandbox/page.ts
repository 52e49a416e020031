import type { Locale } from '@inviteflow/contract';
import { sandboxScopes, sandboxSellers } from './catalogue.ts';
import { pageText, type PageKey } from './locale.ts';

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

const styles = `
  body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Helvetica Neue', sans-serif; background: #f5f5f7; color: #161823; }
  .bar { background: #161823; color: #fff; padding: 14px 24px; display: flex; align-items: center; gap: 12px; font-size: 18px; font-weight: 600; }
  .bar .logo { color: #25f4ee; text-shadow: 1px 1px 0 #fe2c55; }
  .badge { background: #ff7d00; color: #fff; border-radius: 4px; padding: 2px 10px; font-size: 13px; letter-spacing: 1px; }
  .lang { margin-left: auto; color: #fff; font-size: 14px; font-weight: 400; }
  .card { max-width: 560px; margin: 28px auto; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.06); padding: 28px 32px; }
  .notice { background: #fff7e8; border: 1px solid #ffcf8b; color: #d25f00; border-radius: 4px; padding: 10px 12px; font-size: 13px; margin-bottom: 20px; }
  h1 { font-size: 20px; margin: 0 0 20px; }
  h2 { font-size: 15px; margin: 20px 0 10px; color: #4e5969; }
  .seller { display: block; border: 1px solid #e5e6eb; border-radius: 6px; padding: 12px 14px; margin-bottom: 10px; cursor: pointer; }
  .seller:has(input:checked) { border-color: #fe2c55; background: #fff2f5; }
  .seller .name { font-weight: 600; }
  .seller .kind { color: #86909c; font-size: 13px; margin-left: 6px; }
  .seller ul { margin: 6px 0 0 24px; padding: 0; color: #4e5969; font-size: 14px; }
  .scope { display: block; font-size: 14px; margin: 6px 0; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { font-size: 15px; padding: 10px 20px; border-radius: 4px; cursor: pointer; border: 1px solid #fe2c55; }
  .allow { background: #fe2c55; color: #fff; }
  .deny { background: #fff; color: #4e5969; border-color: #c9cdd4; }
  .message { font-size: 15px; }
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
<div class="bar"><span class="logo">TikTok Shop</span><span>${t('title')}</span><span class="badge" data-testid="sandbox-badge">${t('badge')}</span><a class="lang" href="${escape(languageHref)}">${t('language')}</a></div>
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

/** The seller chooses a sandbox seller account, sees the permissions, and decides. */
export function authorizePage(locale: Locale, input: AuthorizePageInput): string {
  const t = (key: PageKey, params?: Record<string, string>) =>
    escape(pageText(locale, key, params));
  const sellers = sandboxSellers
    .map(
      (seller, i) => `<label class="seller" data-testid="seller-${escape(seller.key)}">
<input type="radio" name="seller" value="${escape(seller.key)}"${i === 0 ? ' checked' : ''}>
<span class="name">${escape(seller.name)}</span><span class="kind">${t(seller.sellerType === 'LOCAL' ? 'localSeller' : 'crossBorderSeller')}</span>
<ul>${seller.shops.map((s) => `<li>${t('shopLine', { name: s.name, region: s.region })}</li>`).join('')}</ul>
</label>`,
    )
    .join('\n');
  const scopes = sandboxScopes
    .map(
      (scope) =>
        `<label class="scope"><input type="checkbox" name="scope" value="${scope}" checked> ${t(`scope.${scope}` as PageKey)}</label>`,
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
<h2>${t('chooseSeller')}</h2>
${sellers}
<h2>${t('permissions')}</h2>
${scopes}
<div class="actions">
<button class="allow" type="submit" name="decision" value="allow">${t('allow')}</button>
<button class="deny" type="submit" name="decision" value="deny">${t('deny')}</button>
</div>
</form>`,
  );
}

export type InvalidReason = 'serviceId' | 'state' | 'seller' | 'decision';

export function invalidPage(locale: Locale, reason: InvalidReason, languageHref: string): string {
  const message = pageText(locale, 'invalid', { reason: pageText(locale, `reason.${reason}`) });
  return frame(locale, languageHref, `<div class="message" role="alert">${escape(message)}</div>`);
}
