import { Alert, Link, Tag, Tooltip } from '@arco-design/web-react';
import { translate, type Locale, type ShopPause } from '@inviteflow/contract';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMinute } from '@/lib/format-date.ts';
import { displayTimeZone, useDisplayTimeZone } from '@/lib/time-zone.ts';
import { useT } from '@/locale/index.ts';
import { PlatformAnswerText } from './platform-answer.tsx';
import './platform.css';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

/** A pause only the seller ends, by authorizing the shop again on My Shops. */
export function needsReconnect(pause: ShopPause): boolean {
  return pause.reason === 'authorization_revoked' || pause.reason === 'authorization_scope_missing';
}

/**
 * Why a shop's platform calls wait and until when, in words. The time is the account's, like
 * every time the console shows; a quota pause also names the shop's zone, at whose midnight
 * the platform resets it (contract `tiktokShopTimeZone`). A pause without an end that the
 * seller cannot end either says what it waits for, and that no waiting record fails.
 */
export function shopPauseText(
  pause: ShopPause,
  locale: Locale,
  timeZone: string = displayTimeZone(),
): string {
  if (needsReconnect(pause)) return translate(locale, 'shop.pause.authorization');
  // The extension lifts these once the seller has signed in or solved the captcha.
  if (pause.reason === 'login_expired') return translate(locale, 'shop.pause.login');
  if (pause.reason === 'captcha_required') return translate(locale, 'shop.pause.captcha');
  const at = pause.resumesAt;
  if (at === null) {
    return translate(locale, 'shop.pause.waiting', {
      reason: translate(locale, `enum.sendErrorCode.${pause.reason}`),
    });
  }
  switch (pause.reason) {
    case 'quota_exceeded':
      return translate(locale, 'shop.pause.quota', {
        resumesAt: formatMinute(at, locale, timeZone),
        timeZone: pause.timeZone,
      });
    case 'rate_limited':
      // A back-off of seconds: to the second.
      return translate(locale, 'shop.pause.rateLimited', {
        resumesAt: formatDateTime(at, locale, timeZone),
      });
    case 'platform_configuration':
      return translate(locale, 'shop.pause.configuration', {
        resumesAt: formatMinute(at, locale, timeZone),
      });
    case 'shop_ineligible':
      return translate(locale, 'shop.pause.ineligible', {
        resumesAt: formatMinute(at, locale, timeZone),
      });
    case 'authorization_revoked':
    case 'authorization_scope_missing':
      return translate(locale, 'shop.pause.authorization');
  }
}

/** The pause's text, the platform's own answer and since when: a tooltip's or an alert's body. */
function PauseBody({ pause, locale }: { pause: ShopPause; locale: Locale }) {
  const timeZone = useDisplayTimeZone();
  return (
    <>
      <span className="shop-pause-text">{shopPauseText(pause, locale, timeZone)}</span>
      <PlatformAnswerText answer={pause.answer} locale={locale} />
      <span className="shop-pause-since">
        {translate(locale, 'shop.pause.since', {
          since: formatMinute(pause.since, locale, timeZone),
        })}
      </span>
    </>
  );
}

/**
 * A shop's pause on a task's platform calls: what waits and why, and, when only the seller
 * can end it, the way to My Shops where the shop is authorized again.
 */
export function ShopPauseAlert({ pause }: { pause: ShopPause }) {
  const { locale } = useT();
  const navigate = useNavigate();
  const reconnect = needsReconnect(pause);
  return (
    <Alert
      type={reconnect ? 'error' : 'warning'}
      showIcon
      className="shop-pause-alert"
      data-testid="shop-pause"
      title={translate(locale, 'shop.pause.title')}
      content={
        <div className="shop-pause-tip">
          <PauseBody pause={pause} locale={locale} />
        </div>
      }
      action={
        reconnect ? (
          <Link onClick={() => void navigate('/shop/list')}>
            {translate(locale, 'shop.pause.reconnect')}
          </Link>
        ) : undefined
      }
    />
  );
}

/** A shop's pause on its row of My Shops: a tag, the reason on hover or focus. */
export function ShopPauseTag({ pause }: { pause: ShopPause }) {
  const { locale } = useT();
  return (
    <Tooltip
      content={
        <div className="shop-pause-tip">
          <PauseBody pause={pause} locale={locale} />
        </div>
      }
    >
      <Tag
        color={needsReconnect(pause) ? 'red' : 'orange'}
        size="small"
        className="shop-pause-tag"
        data-testid="shop-pause"
        tabIndex={0}
      >
        {translate(locale, 'shop.pause.tag')}
      </Tag>
    </Tooltip>
  );
}
