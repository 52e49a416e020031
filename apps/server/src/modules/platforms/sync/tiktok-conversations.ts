import {
  ConversationPlatformError,
  storedMessages,
  storeRead,
  type ConversationPlatform,
  type ReadMessage,
} from '../../conversations/index.ts';
import {
  ShopNotConnectedError,
  type PlatformConnections,
  type ShopApi,
} from '../connections/index.ts';
import {
  TikTokShopError,
  type ConversationMessage,
  type ConversationSummary,
} from '../tiktok-shop/index.ts';
import type { SyncKind } from './kind.ts';
import type { SyncKindDeps } from './kinds.ts';

/** Every conversation call's scope (the pages' only scope, even to read). */
const MESSAGES_SCOPE = 'seller.affiliate_messages.write';
/** Conversations read per step (one message page at least each). */
const PER_STEP = 20;
/** Message pages read per conversation in one step (20 messages a page). */
const PAGES_PER_CONVERSATION = 5;

/**
 * The lists a pass walks, in order: UNREAD ("messages that the seller has not read yet", until
 * Mark Conversation Read) and UNREPLIED (the creator wrote last), Get Conversation List 202412
 * `conversation_status` (affiliate-seller/get-conversation-list; mirrored in
 * github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/
 * get-conversation-list.doc.json). Either alone misses a creator's message: one the seller read
 * in the seller center (no longer UNREAD), one the seller answered there (no longer UNREPLIED).
 * The page gives no message time nor index per conversation, so each listed conversation's
 * newest messages are read (Get Message in the Conversation, newest first) until a stored one.
 */
const FILTERS = ['UNREAD', 'UNREPLIED'] as const;

type Cursor = { filter: (typeof FILTERS)[number]; pageToken: string | null };

/**
 * tiktok.conversations: the shop's conversations with creators, their messages stored once by
 * the platform's ids (conversations' storeRead: the talent they belong to, the creator's
 * waiting turn and its Todo, a first reply after an invitation as a `replied` creator event).
 * A step reads one page of one list; the cursor is that list and its page token, so a restart
 * resumes there, and a page read twice stores nothing twice.
 */
export function tiktokConversations(deps: SyncKindDeps): SyncKind<Cursor> {
  return {
    name: 'tiktok.conversations',
    platform: 'tiktok',
    everyMs: 60_000,
    async step(shop, cursor, now) {
      const at = cursor ?? { filter: FILTERS[0], pageToken: null };
      const call = <T>(fn: (api: ShopApi) => Promise<T>) =>
        deps.connections.withShopApi(shop.userId, shop.shopId, fn, {
          now: () => now,
          requiredScopes: [MESSAGES_SCOPE],
        });
      const page = await call((api) =>
        api.client.listConversations(api.access, {
          filter: at.filter,
          pageSize: PER_STEP,
          pageToken: at.pageToken ?? undefined,
        }),
      );
      let applied = 0;
      for (const conversation of page.conversations) {
        const messages = await newMessages(shop, conversation, now, call);
        const stored = await storeRead(
          deps,
          {
            userId: shop.userId,
            shopId: shop.shopId,
            shopName: shop.shopName,
            platform: 'tiktok',
            platformConversationId: conversation.id,
            creatorUsername: conversation.username,
            creatorImId: conversation.creatorImId,
            unreadCount: conversation.unreadCount,
          },
          messages,
          now,
        );
        applied += stored.inserted;
      }
      if (page.hasMore && page.nextPageToken) {
        return {
          cursor: { filter: at.filter, pageToken: page.nextPageToken },
          applied,
          more: true,
        };
      }
      const next = FILTERS[FILTERS.indexOf(at.filter) + 1];
      if (next) return { cursor: { filter: next, pageToken: null }, applied, more: true };
      return { cursor: null, applied, more: false };
    },
  };

  /** The conversation's messages not stored yet, newest pages first, until a stored one. */
  async function newMessages(
    shop: { userId: number; shopId: number },
    conversation: ConversationSummary,
    now: Date,
    call: <T>(fn: (api: ShopApi) => Promise<T>) => Promise<T>,
  ): Promise<ReadMessage[]> {
    const out: Array<ReadMessage & { index: string | null }> = [];
    let pageToken: string | undefined;
    for (let pageNo = 0; pageNo < PAGES_PER_CONVERSATION; pageNo++) {
      const page = await call((api) =>
        api.client.getConversationMessages(api.access, conversation.id, { pageToken }),
      );
      const known = await storedMessages(
        deps.db,
        shop.shopId,
        shop.userId,
        conversation.id,
        page.messages.map((m) => m.id),
      );
      for (const message of page.messages) {
        if (!known.has(message.id)) {
          out.push({
            ...readMessage(message, conversation, now),
            index: message.conversationIndex,
          });
        }
      }
      if (known.size > 0 || !page.hasMore || !page.nextPageToken) break;
      pageToken = page.nextPageToken;
    }
    // The pages come newest first, and times are whole seconds: stored oldest first (by the
    // platform's index, "higher index corresponds to newer message"), so ids keep the order.
    return out
      .sort((a, b) => compareIndex(a.index, b.index) || a.sentAt.getTime() - b.sentAt.getTime())
      .map(({ index: _index, ...message }) => message);
  }
}

/** Two decimal indexes of the platform (null: unknown, compared by time instead). */
function compareIndex(a: string | null, b: string | null): number {
  if (a === null || b === null || !/^\d+$/.test(a) || !/^\d+$/.test(b)) return 0;
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A platform message as the conversations module stores it. */
function readMessage(
  message: ConversationMessage,
  conversation: ConversationSummary,
  now: Date,
): ReadMessage {
  let content: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(message.content);
    content =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : { content: message.content };
  } catch {
    content = { content: message.content };
  }
  return {
    platformMessageId: message.id,
    // The creator's messages carry the conversation's creator IM id; the shop's carry its own.
    sender:
      conversation.creatorImId !== null && message.senderId === conversation.creatorImId
        ? 'creator'
        : 'seller',
    type: message.type,
    content,
    sentAt: message.createTime ?? now,
  };
}

/**
 * The conversations module's port to TikTok Shop (app.ts hands it over): Create Conversation
 * with Creator 202508, Send IM Message 202412, Mark Conversation Read 202412, through the shop's
 * authorization; the platform's failures told as the console words them.
 */
export function tiktokConversationPlatform(connections: PlatformConnections): ConversationPlatform {
  const run = async <T>(
    userId: number,
    shopId: number,
    now: Date,
    fn: (api: ShopApi) => Promise<T>,
  ): Promise<T> => {
    try {
      return await connections.withShopApi(userId, shopId, fn, {
        now: () => now,
        requiredScopes: [MESSAGES_SCOPE],
      });
    } catch (error) {
      throw platformError(error);
    }
  };
  return {
    async open(userId, shopId, creatorOpenId, now) {
      const { conversationId } = await run(userId, shopId, now, (api) =>
        api.client.createConversation(api.access, creatorOpenId),
      );
      return conversationId;
    },
    send(userId, shopId, platformConversationId, message, now) {
      return run(userId, shopId, now, (api) =>
        api.client.sendMessage(api.access, platformConversationId, message),
      );
    },
    async markRead(userId, shopId, platformConversationId, now) {
      await run(userId, shopId, now, (api) =>
        api.client.markConversationsRead(api.access, [platformConversationId]),
      );
    },
  };
}

function platformError(error: unknown): unknown {
  if (error instanceof ShopNotConnectedError) {
    return new ConversationPlatformError(error.why === 'not_found' ? 'not_found' : 'not_connected');
  }
  if (error instanceof TikTokShopError) {
    if (
      error.next === 'reconnect' ||
      error.next === 'fix_configuration' ||
      error.reason === 'scope_missing'
    ) {
      return new ConversationPlatformError('reconnect');
    }
    if (error.scope === 'request' || error.scope === 'creator' || error.next === 'pause_shop') {
      return new ConversationPlatformError(
        'refused',
        error.platformMessage || error.standardCode || null,
      );
    }
    return new ConversationPlatformError('unavailable', error.platformMessage || null);
  }
  return error;
}
