import type { PagePack } from '@inviteflow/contract';
import { currentAuth } from '../login/login-bridge.ts';
import { resolveLocale, t, type TextKey } from '../locale/index.ts';
import { localeItem } from '../storage/items.ts';
import { BrowserChannelRunner, type PageDriver } from './action-runner.ts';
import type { ChannelApi } from './channel-api.ts';
import { channelPacingItem, jitterMs, withinWorkingHours } from './pacing.ts';
import { checkRoute } from './page-pack.ts';
import { channelEnabledItem, channelStatusItem, loginWatchItem } from './status.ts';

/**
 * The browser channel's loop, in the service worker (issue 17): it runs with no console tab
 * and no seller page open. Woken by an alarm and by a new login; one loop at a time; claims
 * within the working hours, paces with jitter, and on a captcha pauses, tells the seller by
 * a browser notification and resumes once the captcha is gone.
 */
export interface ChannelServiceDeps {
  api: ChannelApi;
  page: PageDriver;
  notify(title: string, body: string): Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  /** How often a captcha is looked for again, and for how long at most. */
  captchaPollMs?: number;
  captchaWaitMs?: number;
}

export class ChannelService {
  private running: Promise<void> | null = null;
  /** The pass asked for while one runs (see `tick`). */
  private again: Promise<void> | null = null;
  private readonly runner: BrowserChannelRunner;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: ChannelServiceDeps) {
    this.runner = new BrowserChannelRunner({
      api: deps.api,
      page: deps.page,
      accountId: async () => (await currentAuth())?.userInfo.id ?? null,
    });
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * Starts the loop unless one runs; resolves when it ends. A wake while a pass runs (the
   * popup's switch, a login, the alarm) may bring news that pass has already read past (it
   * found nothing to claim, or saw the switch off): one more pass follows it, so no wake is
   * swallowed.
   */
  tick(): Promise<void> {
    if (this.running) {
      const next = () => {
        this.again = null;
        return this.tick();
      };
      // Also after a pass that threw: the wake still gets its pass.
      this.again ??= this.running.then(next, next);
      return this.again;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async text(key: TextKey, params?: Record<string, string | number>) {
    return t(resolveLocale(await localeItem.get()), key, params);
  }

  private async loop() {
    for (;;) {
      if (!(await currentAuth())) {
        await channelStatusItem.update((s) => ({
          ...s,
          state: 'signedOut',
          updatedAt: new Date().toISOString(),
        }));
        return;
      }
      // The popup's switch: off, the loop ends after the action in hand (never mid-send).
      if (!(await channelEnabledItem.get())) {
        await channelStatusItem.update((s) => ({
          ...s,
          state: 'paused',
          updatedAt: new Date().toISOString(),
        }));
        return;
      }
      const pacing = await channelPacingItem.get();
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (!withinWorkingHours(new Date(), pacing, zone)) {
        await channelStatusItem.update((s) => ({
          ...s,
          state: 'outsideHours',
          updatedAt: new Date().toISOString(),
        }));
        return;
      }
      if (!(await this.signedInAgain())) return;
      const step = await this.runner.step();
      if (step.kind !== 'ran') return;
      if (step.stop?.reason === 'captcha' && step.pack) {
        if (!(await this.waitOutCaptcha(step.shopId, step.pack))) return;
      } else if (step.stop && step.stop.reason !== 'page_changed') {
        // Login, quota, rate limit: the server holds the shop (or the action) until it may go on.
        if (step.stop.reason === 'login_expired' && step.pack && step.url) {
          await loginWatchItem.set({ shopId: step.shopId, url: step.url, packId: step.pack.id });
          await this.deps.notify(
            await this.text('channel.notify.title'),
            await this.text('channel.stop.login_expired.remedy'),
          );
        }
        return;
      }
      await this.sleep(jitterMs(pacing));
    }
  }

  /**
   * After a `login_expired` stop: the page is opened again; once it is the pack's page (no
   * sign-in page any more), the seller signed in again and the shop's stop is lifted.
   */
  private async signedInAgain(): Promise<boolean> {
    const watch = await loginWatchItem.get();
    if (!watch) return true;
    const packs = await this.deps.api.pagePacks();
    const pack = packs.ok
      ? packs.data.packs.find((candidate) => candidate.id === watch.packId)
      : undefined;
    if (!pack) return false;
    let landed = '';
    try {
      landed = await this.deps.page.open(watch.url);
    } catch {
      return false;
    }
    const route = checkRoute(pack, landed, { platformShopId: null, region: null });
    if (!route.ok) return false;
    const resumed = await this.deps.api.resume(watch.shopId, 'login_expired');
    if (!resumed.ok) return false;
    await loginWatchItem.set(null);
    return true;
  }

  /** Pauses on a captcha: tells the seller, waits for it to go, then lifts the shop's stop. */
  private async waitOutCaptcha(shopId: number, pack: PagePack): Promise<boolean> {
    await this.deps.notify(
      await this.text('channel.notify.title'),
      `${await this.text('channel.stop.captcha')} · ${await this.text('channel.stop.captcha.remedy')}`,
    );
    const poll = this.deps.captchaPollMs ?? 5_000;
    const deadline = Date.now() + (this.deps.captchaWaitMs ?? 30 * 60_000);
    while (Date.now() < deadline) {
      await this.sleep(poll);
      let shown = true;
      try {
        shown = await this.deps.page.captchaShown(pack);
      } catch {
        return false;
      }
      if (!shown) {
        const resumed = await this.deps.api.resume(shopId, 'captcha');
        if (resumed.ok) {
          await channelStatusItem.update((s) => ({
            ...s,
            state: 'running',
            stop: null,
            updatedAt: new Date().toISOString(),
          }));
          return true;
        }
        return false;
      }
    }
    return false;
  }
}
