import { apiPaths, translate, type Locale, type CatalogueKey } from '@inviteflow/contract';
import { fenToAmount } from '../gateway.ts';

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

const styles = `
  body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', sans-serif; background: #f2f3f5; color: #1d2129; }
  .bar { background: #1677ff; color: #fff; padding: 14px 24px; display: flex; align-items: center; gap: 12px; font-size: 18px; font-weight: 600; }
  .badge { background: #ff7d00; color: #fff; border-radius: 4px; padding: 2px 10px; font-size: 13px; letter-spacing: 1px; }
  .card { max-width: 520px; margin: 32px auto; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.06); padding: 28px 32px; }
  .notice { background: #fff7e8; border: 1px solid #ffcf8b; color: #d25f00; border-radius: 4px; padding: 10px 12px; font-size: 13px; margin-bottom: 20px; }
  .amount { font-size: 36px; font-weight: 600; color: #1d2129; margin: 8px 0 20px; }
  dl { display: grid; grid-template-columns: 120px 1fr; row-gap: 10px; margin: 0 0 24px; font-size: 14px; }
  dt { color: #86909c; } dd { margin: 0; word-break: break-all; }
  .actions { display: flex; flex-direction: column; gap: 10px; }
  button { font-size: 15px; padding: 10px 16px; border-radius: 4px; cursor: pointer; border: 1px solid #1677ff; }
  .pay { background: #1677ff; color: #fff; }
  .cancel { background: #fff; color: #4e5969; border-color: #c9cdd4; }
  .message { font-size: 15px; margin-bottom: 20px; }
  a { color: #1677ff; }
`;

export interface SandboxTradeView {
  tradeNo: string;
  outTradeNo: string;
  subject: string;
  amountFen: number;
  sellerId: string;
}

/** The frame of every sandbox page: plainly labelled sandbox, in the buyer's language. */
function frame(locale: Locale, body: string): string {
  const t = (key: CatalogueKey) => escape(translate(locale, key));
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('sandbox.title')} · ${t('sandbox.badge')}</title>
<style>${styles}</style>
</head>
<body>
<div class="bar"><span>${t('sandbox.title')}</span><span class="badge">${t('sandbox.badge')}</span></div>
<div class="card">
<div class="notice">${t('sandbox.notice')}</div>
${body}
</div>
</body>
</html>`;
}

/** The cashier: the order, Pay and Cancel. */
export function checkoutPage(locale: Locale, trade: SandboxTradeView): string {
  const t = (key: CatalogueKey) => escape(translate(locale, key));
  const hidden = `<input type="hidden" name="trade_no" value="${escape(trade.tradeNo)}">`;
  return frame(
    locale,
    `<div>${t('sandbox.amount')}</div>
<div class="amount" data-testid="sandbox-amount">¥${escape(fenToAmount(trade.amountFen))}</div>
<dl>
<dt>${t('sandbox.merchant')}</dt><dd>InviteFlow (${escape(trade.sellerId)})</dd>
<dt>${t('sandbox.subject')}</dt><dd>${escape(trade.subject)}</dd>
<dt>${t('sandbox.orderNo')}</dt><dd data-testid="sandbox-order-no">${escape(trade.outTradeNo)}</dd>
</dl>
<div class="actions">
<form method="post" action="${apiPaths.sandbox.pay}">${hidden}<button class="pay" type="submit">${t('sandbox.pay')}</button></form>
<form method="post" action="${apiPaths.sandbox.cancel}">${hidden}<button class="cancel" type="submit">${t('sandbox.cancel')}</button></form>
</div>`,
  );
}

/** A page that only says something (already paid, closed, invalid), with a way back when known. */
export function messagePage(locale: Locale, message: string, backUrl?: string | null): string {
  const back = backUrl
    ? `<p><a href="${escape(backUrl)}">${escape(translate(locale, 'sandbox.backToMerchant'))}</a></p>`
    : '';
  return frame(locale, `<div class="message" role="alert">${escape(message)}</div>${back}`);
}
