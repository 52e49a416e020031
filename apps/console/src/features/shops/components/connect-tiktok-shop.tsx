import { Alert, Button, Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconLink } from '@arco-design/web-react/icon';
import {
  CONNECT_PLATFORM_PARAM,
  connectResult,
  connectResultParams,
  translate,
  type ConnectPlatform,
  type ConnectResult,
  type PlatformConnection,
} from '@inviteflow/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConnectDoudian } from '../api/connect-doudian.ts';
import { useConnectTiktokShop } from '../api/connect-tiktok-shop.ts';
import { useShopsT } from '../locale/index.ts';
import { authorizationNavigation } from '../model/go-to-authorization.ts';

/**
 * "Connect TikTok Shop" / "Connect 抖店" (or "Reconnect" on a shop whose authorization needs
 * renewing): asks the server for the platform's authorization page and sends the browser
 * there. The platform brings the seller back to My Shops, which shows the outcome
 * (`ConnectOutcome`).
 */
function ConnectButton(props: {
  platform: ConnectPlatform;
  reconnect?: boolean;
  size?: 'small' | 'default';
  type?: 'primary' | 'outline' | 'text';
}) {
  const { t } = useShopsT();
  const tiktok = useConnectTiktokShop();
  const doudian = useConnectDoudian();
  const connect = props.platform === 'douyin' ? doudian : tiktok;
  const onClick = async () => {
    try {
      const { authorizeUrl } = await connect.mutateAsync();
      authorizationNavigation.go(authorizeUrl);
    } catch {
      // Shown by the request layer (no app of the platform configured, say).
    }
  };
  return (
    <Button
      type={props.type ?? 'outline'}
      size={props.size}
      icon={props.reconnect ? undefined : <IconLink />}
      loading={connect.isPending}
      onClick={() => void onClick()}
    >
      {props.reconnect
        ? t('action.reconnect')
        : props.platform === 'douyin'
          ? t('action.connectDoudian')
          : t('action.connectTiktokShop')}
    </Button>
  );
}

export function ConnectTiktokShopButton(
  props: Omit<Parameters<typeof ConnectButton>[0], 'platform'>,
) {
  return <ConnectButton platform="tiktok" {...props} />;
}

export function ConnectDoudianButton(props: Omit<Parameters<typeof ConnectButton>[0], 'platform'>) {
  return <ConnectButton platform="douyin" {...props} />;
}

const outcomeKeys = [...Object.values(connectResultParams), CONNECT_PLATFORM_PARAM];

/** The outcome as the callback wrote it, with the platform it is about. */
type Outcome = ConnectResult & { platform: ConnectPlatform };

/** The callback's outcome in the URL, read once; the parameters are then taken out of it. */
function useConnectOutcome(): [Outcome | null, () => void] {
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(() => {
    if (!params.has(connectResultParams.outcome)) return null;
    const parsed = connectResult.safeParse(
      Object.fromEntries(
        Object.entries(connectResultParams).map(([field, name]) => [field, params.get(name)]),
      ),
    );
    const platform = params.get(CONNECT_PLATFORM_PARAM) === 'douyin' ? 'douyin' : 'tiktok';
    return parsed.success ? { ...parsed.data, platform } : null;
  });
  useEffect(() => {
    if (!outcomeKeys.some((key) => params.has(key))) return;
    // A reload or a shared link must not announce the outcome again.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of outcomeKeys) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return [outcome, () => setOutcome(null)];
}

/** What came of the last authorization: shops bound, refused (and why), declined, failed. */
export function ConnectOutcome() {
  const { t } = useShopsT();
  const [outcome, dismiss] = useConnectOutcome();
  if (!outcome) return null;
  const doudian = outcome.platform === 'douyin';
  // The platform's own words where they differ (its page, its name).
  const reasonKey =
    doudian && (outcome.reason === 'platform_error' || outcome.reason === 'state_invalid')
      ? (`reason.${outcome.reason}.douyin` as const)
      : outcome.reason
        ? (`reason.${outcome.reason}` as const)
        : null;
  const reason = reasonKey ? t(reasonKey) : '';
  const lines: string[] = [];
  let type: 'success' | 'warning' | 'error' | 'info' = 'success';
  switch (outcome.outcome) {
    case 'connected':
      if (outcome.bound > 0) lines.push(t('connect.bound', { bound: outcome.bound }));
      if (outcome.already > 0) lines.push(t('connect.already', { already: outcome.already }));
      if (outcome.refused > 0) {
        type = 'warning';
        lines.push(t('connect.refusedSome', { refused: outcome.refused, reason }));
      }
      break;
    case 'refused':
      type = 'warning';
      lines.push(t('connect.refused', { reason }));
      break;
    case 'denied':
      type = 'info';
      lines.push(t(doudian ? 'connect.denied.douyin' : 'connect.denied'));
      break;
    case 'failed':
      type = 'error';
      lines.push(t('connect.failed', { reason }));
      break;
  }
  return (
    <Alert
      className="shop-connect-outcome"
      data-testid="connect-outcome"
      data-platform={outcome.platform}
      type={type}
      showIcon
      closable
      onClose={dismiss}
      title={t(doudian ? 'connect.title.douyin' : 'connect.title')}
      content={
        <div>
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      }
    />
  );
}

/** A shop's authorization: "Authorized" with the granted scopes, or why it must be renewed and "Reconnect". */
export function ShopAuthorization(props: { connection: PlatformConnection | undefined }) {
  const { t, locale } = useShopsT();
  const { connection } = props;
  if (!connection) return <span className="shop-muted">—</span>;
  const scopes = (
    <div className="shop-scopes">
      <div>{t('auth.scopes', { scopes: connection.grantedScopes.join(', ') || '—' })}</div>
      {connection.missingScopes.length > 0 && (
        <div>{t('auth.missingScopes', { scopes: connection.missingScopes.join(', ') })}</div>
      )}
    </div>
  );
  const label = !connection.needsReconnect
    ? t('auth.authorized')
    : connection.status !== 'active'
      ? translate(locale, `enum.connectionStatus.${connection.status}`)
      : t('auth.scopeMissing');
  return (
    <Space size={2} direction="vertical" className="shop-authorization">
      <Tag color={connection.needsReconnect ? 'orangered' : 'green'}>{label}</Tag>
      <Tooltip content={scopes}>
        <Typography.Text type="secondary" className="shop-scope-count">
          {t('auth.scopeCount', { count: connection.grantedScopes.length })}
        </Typography.Text>
      </Tooltip>
      {connection.needsReconnect && (
        <ConnectButton platform={connection.platform} reconnect size="small" type="text" />
      )}
    </Space>
  );
}
