import { tiktokShopRequiredScopes } from '@inviteflow/contract';
import type {
  FollowUpDelivery,
  FollowUpMessage,
  FollowUpMessenger,
} from '../../send-records/index.ts';
import { ShopNotConnectedError, type PlatformConnections } from '../connections/index.ts';
import { TikTokShopError } from '../tiktok-shop/index.ts';
import { answerOf } from './outcomes.ts';

/**
 * Follow-ups for non-responders (issue 19) reach the creator as a TikTok Shop IM message, the
 * way a conversation task's message does (tiktok-steps.ts runConversation): Create Conversation
 * with Creator 202508 ("Get the existing conversation or create a new conversation", so calling
 * it again is harmless), then Send IM Message 202412, a TEXT message (`{"content": …}`); both
 * need the scope seller.affiliate_messages.write (the pages' "scope"). See the client's
 * createConversation / sendMessage, which cite the API reference pages.
 *
 * Never twice: the follow-up row is marked `sending` (send-records' `sending()`) just before
 * Send IM Message; a refusal the platform answered (rate limit, token, authorization) sent
 * nothing, so the row waits and is tried again; an answer that cannot be read, or a fault of
 * ours during that call, leaves the outcome unknown and the row ends failed, never sent again.
 */

const MESSAGES_WRITE = tiktokShopRequiredScopes[4];

/** What a platform error comes to for one follow-up (`sending`: the message call was made). */
function deliveryOf(error: TikTokShopError, sending: boolean): FollowUpDelivery {
  if (error.next === 'fail_records') {
    return { type: 'failed', code: error.standardCode, answer: answerOf(error) };
  }
  if (error.next === 'reconcile' && sending) {
    return { type: 'failed', code: 'network', answer: answerOf(error) };
  }
  return { type: 'later' };
}

/** The messenger app.ts gives send-records' follow-ups job: TikTok Shop shops connected by authorization. */
export function followUpMessenger(connections: PlatformConnections): FollowUpMessenger {
  return {
    async send(message: FollowUpMessage, sending, now): Promise<FollowUpDelivery> {
      if (message.platform !== 'tiktok') return { type: 'no_channel' };
      const openId =
        message.identity?.platform === 'tiktok' ? message.identity.creatorUserOpenId : null;
      // The invitation resolved and kept the creator's open id (setRecordIdentity); without it
      // the platform has no creator to open a conversation with.
      if (!openId) return { type: 'failed', code: 'talent_not_found', answer: null };
      const call = <T>(run: Parameters<PlatformConnections['withShopApi']>[2]) =>
        connections.withShopApi(message.userId, message.shopId, run, {
          now: () => now,
          requiredScopes: [MESSAGES_WRITE],
        }) as Promise<T>;
      let started = false;
      try {
        const { conversationId } = await call<{ conversationId: string }>((api) =>
          api.client.createConversation(api.access, openId),
        );
        if (!(await sending())) return { type: 'taken' };
        started = true;
        await call((api) =>
          api.client.sendMessage(api.access, conversationId, { type: 'TEXT', text: message.text }),
        );
        return { type: 'sent', conversationId };
      } catch (error) {
        if (error instanceof ShopNotConnectedError) return { type: 'no_channel' };
        if (error instanceof TikTokShopError) return deliveryOf(error, started);
        throw error;
      }
    },
  };
}
