import {
  routeTalentOf,
  type BrowserRecordErrorCode,
  type BrowserStopReason,
  type ClaimedBrowserAction,
  type PagePack,
} from '@inviteflow/contract';

/**
 * What the extension reads out of a page pack (served by the server as data, issue 17): whether
 * a URL is the action's exact page, which hooked request a URL is, and what a JSON answer
 * means. No page fact lives in the extension's code: hosts, paths, parameters, endpoint
 * patterns and codes all come from the pack.
 */

/** `*` stands for one host label (`seller-*.tiktok.com`); a pattern may carry a path prefix. */
export function hostMatches(pattern: string, url: URL): boolean {
  const slash = pattern.indexOf('/');
  const hostPattern = slash === -1 ? pattern : pattern.slice(0, slash);
  const pathPrefix = slash === -1 ? '' : pattern.slice(slash);
  const labels = hostPattern.split('.');
  const hostLabels = url.hostname.split('.');
  if (labels.length !== hostLabels.length) return false;
  const hostOk = labels.every((label, index) => {
    const actual = hostLabels[index] ?? '';
    if (!label.includes('*')) return label === actual;
    const [head = '', tail = ''] = label.split('*');
    return (
      actual.length > head.length + tail.length && actual.startsWith(head) && actual.endsWith(tail)
    );
  });
  return hostOk && (pathPrefix === '' || url.pathname.startsWith(pathPrefix));
}

/** `:name` is one path segment; anything else must be equal (a trailing slash is tolerated). */
export function pathMatches(pattern: string, pathname: string): boolean {
  const want = pattern.replace(/\/+$/, '').split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return false;
  return want.every((part, index) =>
    part.startsWith(':') ? (have[index] ?? '') !== '' : part === have[index],
  );
}

export type RouteCheck =
  { ok: true } | { ok: false; reason: 'login_expired' | 'page_changed'; detail: string };

/**
 * The route check made before any step (DESIGN.md "Browser channel rules"): the host is one
 * of the pack's, the path is the pack's page, and the shop id and region in the URL are the
 * claimed shop's (when the pack's page names them and the server knows them); for a
 * one-talent action whose pack's route names the talent (`route.talentParam`), `talent` is
 * the talent it must name. The platform's login page is `login_expired`, anything else
 * `page_changed`.
 */
export function checkRoute(
  pack: PagePack,
  href: string,
  shop: Pick<ClaimedBrowserAction['shop'], 'platformShopId' | 'region'>,
  talent: string | null = null,
): RouteCheck {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { ok: false, reason: 'page_changed', detail: `not a page: ${href.slice(0, 200)}` };
  }
  if (!pack.hosts.some((host) => hostMatches(host, url)))
    return { ok: false, reason: 'page_changed', detail: `host ${url.hostname}` };
  if (pack.loginPaths.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`)))
    return { ok: false, reason: 'login_expired', detail: url.pathname };
  if (!pack.route.paths.some((path) => pathMatches(path, url.pathname)))
    return { ok: false, reason: 'page_changed', detail: `path ${url.pathname}` };
  const { shopIdParam, regionParam } = pack.route;
  if (
    shopIdParam &&
    shop.platformShopId &&
    url.searchParams.get(shopIdParam) !== shop.platformShopId
  )
    return {
      ok: false,
      reason: 'page_changed',
      detail: `${shopIdParam}=${url.searchParams.get(shopIdParam) ?? ''}`,
    };
  if (
    regionParam &&
    shop.region &&
    (url.searchParams.get(regionParam) ?? '').toUpperCase() !== shop.region.toUpperCase()
  )
    return {
      ok: false,
      reason: 'page_changed',
      detail: `${regionParam}=${url.searchParams.get(regionParam) ?? ''}`,
    };
  const talentParam = pack.route.talentParam?.name;
  if (talentParam && talent !== null && url.searchParams.get(talentParam) !== talent)
    return {
      ok: false,
      reason: 'page_changed',
      detail: `${talentParam}=${(url.searchParams.get(talentParam) ?? '').slice(0, 120)}`,
    };
  return { ok: true };
}

/** The endpoint a page request is (by the pack's method and path pattern), or null. */
export function matchEndpoint(pack: PagePack, method: string, href: string): string | null {
  let path: string;
  try {
    path = new URL(href, 'https://page.invalid').pathname;
  } catch {
    return null;
  }
  // The most specific pattern wins (`…/conflict_check/resolve` before `…/conflict_check`).
  const candidates = [...pack.endpoints].sort((a, b) => b.pattern.length - a.pattern.length);
  for (const endpoint of candidates) {
    if (endpoint.method !== method.toUpperCase()) continue;
    const source = endpoint.pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^?]*');
    if (
      new RegExp(`${source}$`).test(path) ||
      (!endpoint.pattern.includes('*') && path.endsWith(endpoint.pattern))
    )
      return endpoint.name;
  }
  return null;
}

export type AnswerClass =
  | { kind: 'success'; code: string }
  | { kind: 'record'; code: string; errorCode: BrowserRecordErrorCode }
  | { kind: 'stop'; code: string; reason: BrowserStopReason }
  /** A code the pack does not know: the page no longer answers as the pack says. */
  | { kind: 'unmapped'; code: string | null };

/** The answer's code field (`code`, or a dotted path such as `base_resp.status_code`). */
export function answerCode(pack: PagePack, body: unknown): string | null {
  let value: unknown = body;
  for (const key of pack.codeField.split('.')) {
    if (!value || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return null;
}

/**
 * A JSON answer classified by its numeric code, the same in every UI language (never by its
 * message). The pack's captcha codes are a `captcha` stop whatever the code map says.
 */
export function classifyAnswer(pack: PagePack, body: unknown): AnswerClass {
  const code = answerCode(pack, body);
  if (code === null) return { kind: 'unmapped', code: null };
  if (pack.captcha.codes.includes(code)) return { kind: 'stop', code, reason: 'captcha' };
  const rule = pack.codes.find((candidate) => candidate.code === code);
  if (!rule) return { kind: 'unmapped', code };
  if (rule.outcome === 'success') return { kind: 'success', code };
  if (rule.outcome === 'record') return { kind: 'record', code, errorCode: rule.errorCode };
  return { kind: 'stop', code, reason: rule.reason };
}

/** Page words, the last resort when no JSON answer came (whole words of the pack only). */
export function classifyText(pack: PagePack, text: string) {
  return pack.textFallbacks.find((fallback) => text.includes(fallback.text))?.outcome ?? null;
}

/**
 * The exact page of an action. The host: the pack's first host without a wildcard that
 * suits the shop's market (TikTok's US market has its own host), the path the pack's first,
 * the shop id and region in the pack's parameters, and for a one-talent action the talent in
 * the route's talent parameter (`routeTalentOf`).
 */
export function actionUrl(
  pack: PagePack,
  action: Pick<ClaimedBrowserAction, 'shop' | 'kind' | 'records'>,
  hostOverride?: string,
): string {
  const fixed = pack.hosts.filter((host) => !host.includes('*'));
  const region = action.shop.region?.toUpperCase() ?? null;
  const host =
    hostOverride ??
    (region === 'US' ? fixed.find((candidate) => candidate.includes('-us.')) : undefined) ??
    fixed[0] ??
    '';
  const [bare = ''] = host.split('/');
  const path =
    pack.route.paths.find((candidate) => !candidate.includes(':')) ?? pack.route.paths[0] ?? '/';
  // A pack host with a path prefix (抖店's `fxg…/ffa/buyin`) uses the path that carries it.
  const prefixed = host.includes('/')
    ? (pack.route.paths.find((p) => p.startsWith(host.slice(bare.length))) ?? path)
    : path;
  const url = new URL(`https://${bare}${prefixed}`);
  if (pack.route.shopIdParam && action.shop.platformShopId)
    url.searchParams.set(pack.route.shopIdParam, action.shop.platformShopId);
  if (pack.route.regionParam && region) url.searchParams.set(pack.route.regionParam, region);
  const talent = routeTalentOf(pack, action);
  if (pack.route.talentParam && talent !== null)
    url.searchParams.set(pack.route.talentParam.name, talent);
  return url.toString();
}
