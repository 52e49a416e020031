import type { FlowRequest } from '../channel/tab-driver.ts';
import { AnswerFeed } from '../page/flows/answer-hook.ts';
import { buyinImFlow } from '../page/flows/buyin-im.ts';
import { buyinSquareFlow } from '../page/flows/buyin-square.ts';
import type { PageFlow, PrepareResult, SendResult } from '../page/flows/flow-types.ts';
import { tiktokImFlow } from '../page/flows/tiktok-im.ts';
import { tiktokTargetInvitationFlow } from '../page/flows/tiktok-target-invitation.ts';

/**
 * Injected by the service worker into the channel's own tab (never declared for seller
 * pages): runs the page flow of an action, phase by phase, as the worker asks. Wiring only.
 */
const flows: Partial<Record<FlowRequest['action']['kind'], PageFlow>> = {
  buyin_batch_invitation: buyinSquareFlow,
  tiktok_target_invitation: tiktokTargetInvitationFlow,
  buyin_message: buyinImFlow,
  tiktok_message: tiktokImFlow,
};

const scope = globalThis as unknown as { __inviteflowFlow?: boolean };
if (!scope.__inviteflowFlow) {
  scope.__inviteflowFlow = true;
  const feeds = new Map<string, AnswerFeed>();
  chrome.runtime.onMessage.addListener((message: FlowRequest, sender, reply) => {
    if (sender.id !== chrome.runtime.id || sender.tab) return undefined;
    if (
      message?.kind !== 'flow-prepare' &&
      message?.kind !== 'flow-send' &&
      message?.kind !== 'flow-readback'
    )
      return undefined;
    const flow = flows[message.action.kind];
    let caughtUp = Promise.resolve();
    if (!feeds.has(message.key)) {
      const feed = new AnswerFeed(window, message.key);
      feeds.set(message.key, feed);
      caughtUp = feed.catchUp();
    }
    const context = {
      doc: document,
      pack: message.pack,
      action: message.action,
      answers: feeds.get(message.key)!,
      stepTimeoutMs: message.stepTimeoutMs,
    };
    if (message.kind === 'flow-readback') {
      // Nothing to tell when the flow cannot read its page back.
      const seen = flow?.readBack
        ? caughtUp.then(() => flow.readBack!(context))
        : Promise.resolve(null);
      seen.then(reply, () => reply(null));
      return true;
    }
    const work = !flow
      ? Promise.resolve({
          ready: false,
          outcomes: [],
          stop: { reason: 'page_changed', detail: `no page flow for ${message.action.kind}` },
        })
      : caughtUp.then((): Promise<PrepareResult | SendResult> =>
          message.kind === 'flow-prepare'
            ? flow.prepare(context)
            : flow.send(context, message.recordIds ?? []),
        );
    work.then(reply, (error: unknown) =>
      reply({
        ready: false,
        outcomes: [],
        unknown: message.kind === 'flow-send' ? (message.recordIds ?? []) : [],
        stop: { reason: 'page_changed', detail: String(error).slice(0, 300) },
      }),
    );
    return true;
  });
}
