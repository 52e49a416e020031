import {
  CONVERSATION_MESSAGES_BEFORE_REPLY,
  type ConversationData,
  type ConversationMessageData,
  type ConversationMessageInput,
  type ConversationMessagesPage,
  type ConversationMessagesQuery,
  type ConversationSendBody,
  type ConversationSendResult,
  type ConversationStartBody,
  type ConversationView,
  type RecordConversation,
  type TalentConversations,
} from '@inviteflow/contract';
import type { Database, Executor } from '../../db/client.ts';
import { beginCreatorLoopWrite } from '../../lib/creator-loop-lock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { postMessage, settleMessages } from '../messages/index.ts';
import {
  applyCreatorEventsInTransaction,
  awaitsFirstReply,
  collaborationsOfTalent,
  creatorHasRecords,
  findRecord,
  talentOfConversation,
  type CreatorEvent,
} from '../send-records/index.ts';
import { accountShops, findShop } from '../shops/index.ts';
import { ownedProducts } from '../templates/index.ts';
import {
  findByOpenIds,
  findByPlatformIds,
  talentIdentitiesByIds,
  type TalentIdentityRow,
} from '../talents/index.ts';
import * as repo from './repository.ts';

/**
 * Conversations with creators (issue 19). This module stores what the platform sync reads
 * (storeRead) and answers the console; it imports nothing of platforms (issue 18's wall).
 * Sending goes through the ConversationPlatform port, which app.ts fills with the platforms'
 * implementation (platforms/sync/tiktok-conversations.ts), as send-records gets its
 * TaskActionCompiler: the route stays with the data it answers (the conversation, its Todo),
 * and the dependency keeps going one way (platforms → conversations).
 */

/** A message as the platform takes it (Send IM Message 202412). */
export type PlatformMessage =
  | { type: 'TEXT'; text: string }
  | { type: 'PRODUCT_CARD'; productId: string }
  | { type: 'TARGET_COLLABORATION_CARD'; targetCollaborationId: string };

/** Why the platform could not take a call, as the console tells it. */
export type ConversationPlatformFailure =
  'not_found' | 'tiktok_only' | 'not_connected' | 'reconnect' | 'refused' | 'unavailable';

export class ConversationPlatformError extends Error {
  constructor(
    readonly failure: ConversationPlatformFailure,
    readonly platformMessage: string | null = null,
  ) {
    super(`conversation platform: ${failure}${platformMessage ? ` (${platformMessage})` : ''}`);
  }
}

/** What the conversations module needs of the platform, filled by app.ts. */
export interface ConversationPlatform {
  /** The shop's conversation with this creator (Create Conversation: the existing one, or new). */
  open(userId: number, shopId: number, creatorOpenId: string, now: Date): Promise<string>;
  send(
    userId: number,
    shopId: number,
    platformConversationId: string,
    message: PlatformMessage,
    now: Date,
  ): Promise<{ messageId: string }>;
  markRead(
    userId: number,
    shopId: number,
    platformConversationId: string,
    now: Date,
  ): Promise<void>;
}

/**
 * The account's shops whose platform authorization can open a conversation (TikTok Shop with
 * the IM scope), filled by app.ts from the connections; this module imports nothing of platforms.
 */
export type MessagingShops = (userId: number) => Promise<readonly number[]>;

export interface ConversationDeps {
  db: Database;
  platform: ConversationPlatform;
  /** The list caches of these accounts are stale (their talents or records changed). */
  changed: (userIds: readonly number[]) => Promise<unknown>;
}

/** The Todo of a conversation's unanswered turn: one per turn (its first creator message). */
const todoKey = (conversationId: number) => `conversation:${conversationId}:`;
/** The start of a text the message box and the list show. */
const PREVIEW_MAX = 80;

function contentOf(row: repo.MessageRow) {
  const content = row.content;
  const str = (key: string) => (typeof content[key] === 'string' ? (content[key] as string) : null);
  return {
    text: row.type === 'TEXT' ? str('content') : null,
    productId: str('product_id'),
    targetCollaborationId: str('target_collaboration_id'),
  };
}

function previewOf(row: repo.MessageRow): string {
  const text = contentOf(row).text;
  if (text === null) return `[${row.type}]`;
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > PREVIEW_MAX ? `${chars.slice(0, PREVIEW_MAX).join('')}…` : chars.join('');
}

function toMessage(row: repo.MessageRow): ConversationMessageData {
  return {
    id: row.id,
    sender: row.sender === 'creator' ? 'creator' : 'seller',
    type: row.type,
    ...contentOf(row),
    sentAt: row.sentAt.toISOString(),
  };
}

async function toConversation(
  db: Executor,
  row: repo.ConversationRow,
  shopName: string,
): Promise<ConversationData> {
  const turn = await repo.conversationTurn(db, row.id);
  return {
    id: row.id,
    shopId: row.shopId,
    shopName,
    platform: row.platform,
    talentId: row.talentId,
    creatorUsername: row.creatorUsername,
    unreadCount: row.unreadCount,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    lastMessagePreview: row.lastMessagePreview,
    awaitingReplySince: row.awaitingReplySince?.toISOString() ?? null,
    sellerMessagesLeft:
      turn.sellerBeforeReply === null
        ? null
        : Math.max(0, CONVERSATION_MESSAGES_BEFORE_REPLY - turn.sellerBeforeReply),
  };
}

async function ownTalent(db: Executor, userId: number, talentId: number) {
  const [talent] = await talentIdentitiesByIds(db, userId, [talentId]);
  if (!talent) throw notFound();
  return talent;
}

/**
 * A talent's conversations, the target collaborations a card can carry, and the shops a
 * conversation can be opened in: bound TikTok shops whose authorization has the IM scope and
 * no conversation with the talent yet (none for a talent without a Creator Open ID).
 */
export async function talentConversations(
  db: Database,
  messagingShops: MessagingShops,
  userId: number,
  talentId: number,
): Promise<TalentConversations> {
  const talent = await ownTalent(db, userId, talentId);
  const rows = await repo.conversationsOfTalent(db, userId, talentId);
  const collaborations = await collaborationsOfTalent(db, userId, talentId);
  const shops = await accountShops(db, userId);
  const names = new Map(shops.map((shop) => [shop.id, shop.shopName]));
  const hasRecords = await creatorHasRecords(
    db,
    userId,
    shops.filter((shop) => shop.platform === talent.platform).map((shop) => shop.id),
    talent.platformTalentId,
  );
  const open = new Set(rows.map((r) => r.shopId));
  const messaging =
    talent.platform === 'tiktok' && talent.creatorOpenId
      ? new Set(await messagingShops(userId))
      : new Set<number>();
  return {
    list: await Promise.all(rows.map((r) => toConversation(db, r, names.get(r.shopId) ?? ''))),
    collaborations: collaborations.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    hasRecords,
    startShops: shops
      .filter(
        (shop) =>
          shop.platform === 'tiktok' &&
          shop.bindStatus === 'BOUND' &&
          messaging.has(shop.id) &&
          !open.has(shop.id),
      )
      .map((shop) => ({
        shopId: shop.id,
        shopName: shop.shopName,
        platformRegion: shop.platformRegion,
      })),
  };
}

/** One conversation (a message box Todo opens it), and the collaborations its cards carry. */
export async function conversationView(
  db: Database,
  userId: number,
  conversationId: number,
): Promise<ConversationView> {
  const row = await repo.findConversation(db, userId, conversationId);
  if (!row) throw notFound();
  const shop = await findShop(db, userId, row.shopId);
  const collaborations =
    row.talentId === null ? [] : await collaborationsOfTalent(db, userId, row.talentId, row.shopId);
  return {
    conversation: await toConversation(db, row, shop?.shopName ?? ''),
    collaborations: collaborations.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
  };
}

/**
 * Opens the talent's conversation in one of the seller's shops, without a message: TikTok
 * Shop's Create Conversation with Creator 202508 ("Get the existing conversation or create a new
 * conversation", affiliate-seller/create-conversation-with-creator; partner.tiktokshop.com
 * docv2, mirrored in github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/
 * affiliate-seller/), the call a free connection invitation opens one with. Opening sends
 * nothing, so the seller help's 5 messages before the creator's first answer are all left
 * (sendMessage keeps that limit). An existing conversation in the shop is answered as it is.
 */
export async function startConversation(
  deps: ConversationDeps & { messagingShops: MessagingShops },
  userId: number,
  body: ConversationStartBody,
  now: Date,
): Promise<ConversationData> {
  const { db } = deps;
  const talent = await ownTalent(db, userId, body.talentId);
  const shop = await findShop(db, userId, body.shopId);
  if (!shop) throw notFound();
  let [row] = await repo.conversationsOfTalent(db, userId, talent.id, shop.id);
  if (!row) {
    if (shop.platform !== 'tiktok') throw new AppError(422, 'error.conversationTikTokOnly');
    if (shop.bindStatus !== 'BOUND' || !(await deps.messagingShops(userId)).includes(shop.id)) {
      throw new AppError(422, 'error.conversationShopNotConnected');
    }
    row = await openConversation(deps, userId, shop.id, talent, now);
  }
  return toConversation(db, row, shop.shopName);
}

/** The conversation of a send record (its platform reference, else its talent's in the shop). */
export async function recordConversation(
  db: Database,
  userId: number,
  recordId: number,
): Promise<RecordConversation> {
  const record = await findRecord(db, userId, recordId);
  if (!record) throw notFound();
  const reference = record.platformReference?.conversationId;
  let row = reference
    ? await repo.findByPlatformId(db, userId, record.shopId, reference)
    : undefined;
  if (!row && record.talentId !== null) {
    [row] = await repo.conversationsOfTalent(db, userId, record.talentId, record.shopId);
  }
  const shop = await findShop(db, userId, record.shopId);
  const talent =
    record.talentId === null
      ? undefined
      : (await talentIdentitiesByIds(db, userId, [record.talentId]))[0];
  const openId =
    talent?.creatorOpenId ??
    (record.identity?.platform === 'tiktok' ? record.identity.creatorUserOpenId : null);
  const collaborations =
    record.talentId === null
      ? []
      : await collaborationsOfTalent(db, userId, record.talentId, record.shopId);
  return {
    recordId: record.id,
    shopId: record.shopId,
    talentId: record.talentId,
    conversation: row ? await toConversation(db, row, shop?.shopName ?? record.shopName) : null,
    canStart:
      row !== undefined || (shop?.platform === 'tiktok' && shop.connectionId !== null && !!openId),
    collaborations: collaborations.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
  };
}

/** A page of a conversation's messages, oldest first; another account's conversation 404. */
export async function conversationMessages(
  db: Database,
  userId: number,
  conversationId: number,
  query: ConversationMessagesQuery,
): Promise<ConversationMessagesPage> {
  const row = await repo.findConversation(db, userId, conversationId);
  if (!row) throw notFound();
  const rows = await repo.messagesPage(db, row.id, query);
  const hasMore = rows.length > query.pageSize;
  return { list: rows.slice(0, query.pageSize).reverse().map(toMessage), hasMore };
}

/** What a message input becomes on the platform (the caller's product, the record's collaboration). */
async function platformMessageOf(
  db: Database,
  userId: number,
  shopId: number,
  input: ConversationMessageInput,
): Promise<PlatformMessage> {
  if (input.type === 'TEXT') return { type: 'TEXT', text: input.text };
  if (input.type === 'PRODUCT_CARD') {
    const [product] = await ownedProducts(db, userId, [input.productTemplateId]);
    if (!product) throw notFound();
    return { type: 'PRODUCT_CARD', productId: product.productId };
  }
  const record = await findRecord(db, userId, input.recordId);
  if (!record) throw notFound();
  const id = record.platformReference?.targetCollaborationId;
  if (!id || record.shopId !== shopId) throw new AppError(422, 'error.conversationNoCollaboration');
  return { type: 'TARGET_COLLABORATION_CARD', targetCollaborationId: id };
}

function platformFailure(error: unknown): never {
  if (!(error instanceof ConversationPlatformError)) throw error;
  switch (error.failure) {
    case 'not_found':
      throw notFound();
    case 'tiktok_only':
      throw new AppError(422, 'error.conversationTikTokOnly');
    case 'not_connected':
      throw new AppError(422, 'error.conversationShopNotConnected');
    case 'reconnect':
      throw new AppError(422, 'error.conversationReconnect');
    case 'refused':
      throw new AppError(422, 'error.conversationRefused', {
        reason: error.platformMessage ?? '',
      });
    default:
      throw new AppError(503, 'error.conversationUnavailable');
  }
}

/**
 * Sends a message from the console: in the conversation, or to the talent in the shop (its
 * conversation there, opened on the platform when it has none). Within the platform's limits:
 * the contract's (text length, types) and the seller help's 5 messages before the creator's
 * first answer (409). The message is stored at once; the creator's waiting turn is answered,
 * so its Todo is read.
 */
export async function sendMessage(
  deps: ConversationDeps,
  userId: number,
  body: ConversationSendBody,
  now: Date,
): Promise<ConversationSendResult> {
  const { db } = deps;
  let row: repo.ConversationRow | undefined;
  let talent: TalentIdentityRow | undefined;
  let shopId: number;
  if (body.conversationId !== undefined) {
    row = await repo.findConversation(db, userId, body.conversationId);
    if (!row) throw notFound();
    shopId = row.shopId;
  } else {
    shopId = body.shopId!;
    talent = await ownTalent(db, userId, body.talentId!);
    [row] = await repo.conversationsOfTalent(db, userId, talent.id, shopId);
  }
  const shop = await findShop(db, userId, shopId);
  if (!shop) throw notFound();
  // Every id the body names is the caller's before anything goes to the platform.
  const message = await platformMessageOf(db, userId, shopId, body.message);
  if (!row) row = await openConversation(deps, userId, shopId, talent!, now);
  const turn = await repo.conversationTurn(db, row.id);
  if (
    turn.sellerBeforeReply !== null &&
    turn.sellerBeforeReply >= CONVERSATION_MESSAGES_BEFORE_REPLY
  ) {
    throw new AppError(409, 'error.conversationWaitForReply', {
      max: CONVERSATION_MESSAGES_BEFORE_REPLY,
    });
  }
  let messageId: string;
  try {
    ({ messageId } = await deps.platform.send(
      userId,
      shopId,
      row.platformConversationId,
      message,
      now,
    ));
  } catch (error) {
    platformFailure(error);
  }
  const content =
    message.type === 'TEXT'
      ? { content: message.text }
      : message.type === 'PRODUCT_CARD'
        ? { product_id: message.productId }
        : { target_collaboration_id: message.targetCollaborationId };
  const conversation = row;
  // Sent now, after every message the seller could see: kept after the stored ones even when
  // the platform's clock runs ahead of ours (its own time comes back with the next read only
  // for messages not stored yet, so this one keeps ours).
  const lastAt = turn.last?.sentAt.getTime() ?? 0;
  const sentAt = new Date(Math.max(now.getTime(), lastAt + 1));
  const stored = await db.transaction(async (tx) => {
    const [inserted] = await repo.insertMessages(tx, [
      {
        conversationId: conversation.id,
        userId,
        platformMessageId: messageId,
        sender: 'seller',
        type: message.type,
        content,
        sentAt,
      },
    ]);
    await settleTurn(tx, conversation, shop.shopName, now);
    return inserted;
  });
  const fresh = (await repo.findConversation(db, userId, conversation.id))!;
  const sent =
    stored ??
    (await repo.messagesPage(db, conversation.id, { pageSize: 1 })).find(
      (m) => m.platformMessageId === messageId,
    );
  return {
    conversation: await toConversation(db, fresh, shop.shopName),
    message: toMessage(sent!),
  };
}

async function openConversation(
  deps: ConversationDeps,
  userId: number,
  shopId: number,
  talent: TalentIdentityRow,
  now: Date,
): Promise<repo.ConversationRow> {
  if (talent.platform !== 'tiktok') throw new AppError(422, 'error.conversationTikTokOnly');
  if (!talent.creatorOpenId) throw new AppError(422, 'error.conversationNoOpenId');
  let platformConversationId: string;
  try {
    platformConversationId = await deps.platform.open(userId, shopId, talent.creatorOpenId, now);
  } catch (error) {
    platformFailure(error);
  }
  return repo.upsertConversation(
    deps.db,
    {
      userId,
      shopId,
      platform: 'tiktok',
      platformConversationId,
      talentId: talent.id,
      creatorOpenId: talent.creatorOpenId,
      creatorUsername: talent.platformTalentId,
      creatorImId: null,
      unreadCount: null,
    },
    now,
  );
}

/**
 * Marks a conversation read, here and on the platform (its unread count goes to zero), and its
 * Todos in the message box (the creator's waiting turn stays shown in the conversation).
 */
export async function markConversationRead(
  deps: ConversationDeps,
  userId: number,
  conversationId: number,
  now: Date,
): Promise<ConversationData> {
  const row = await repo.findConversation(deps.db, userId, conversationId);
  if (!row) throw notFound();
  try {
    await deps.platform.markRead(userId, row.shopId, row.platformConversationId, now);
  } catch (error) {
    platformFailure(error);
  }
  // Read is read: the conversation's Todos in the message box are too, as an answer reads them.
  await deps.db.transaction(async (tx) => {
    await repo.markRead(tx, userId, row.id, now);
    await settleMessages(tx, {
      userId,
      kind: 'creatorReplied',
      keyPrefix: todoKey(row.id),
      now,
    });
  });
  const shop = await findShop(deps.db, userId, row.shopId);
  const fresh = (await repo.findConversation(deps.db, userId, row.id))!;
  return toConversation(deps.db, fresh, shop?.shopName ?? '');
}

/**
 * A conversation's turn after its messages changed: its last message, and whether the creator
 * waits for an answer (`awaitingReplySince`, the time of the creator's first message since the
 * seller's last). A waiting turn has one Todo in the message box (posted once, by the turn's
 * first message); an answered turn reads the conversation's Todos.
 */
async function settleTurn(
  tx: Executor,
  row: repo.ConversationRow,
  shopName: string,
  now: Date,
): Promise<void> {
  const turn = await repo.conversationTurn(tx, row.id);
  await repo.saveTurn(
    tx,
    row.id,
    {
      lastMessageAt: turn.last?.sentAt ?? null,
      lastMessagePreview: turn.last ? previewOf(turn.last) : '',
      awaitingReplySince: turn.awaiting?.sentAt ?? null,
    },
    now,
  );
  if (turn.awaiting) {
    await postMessage(tx, {
      userId: row.userId,
      kind: 'creatorReplied',
      params: {
        conversationId: row.id,
        talentId: row.talentId ?? 0,
        creator: row.creatorUsername ?? '',
        shopName,
        preview: previewOf(turn.awaiting),
      },
      dedupeKey: `${todoKey(row.id)}${turn.awaiting.platformMessageId}`,
    });
  } else {
    await settleMessages(tx, {
      userId: row.userId,
      kind: 'creatorReplied',
      keyPrefix: todoKey(row.id),
      now,
    });
  }
}

/** A conversation as a platform sync read it. */
export interface ReadConversation {
  userId: number;
  shopId: number;
  shopName: string;
  platform: string;
  platformConversationId: string;
  creatorUsername: string | null;
  creatorImId: string | null;
  creatorOpenId?: string | null;
  unreadCount: number | null;
}

/** A message as a platform sync read it. */
export interface ReadMessage {
  platformMessageId: string;
  sender: 'creator' | 'seller';
  type: string;
  /** The platform's content (its JSON object). */
  content: Record<string, unknown>;
  sentAt: Date;
}

/**
 * Stores what a sync read of one conversation: the conversation (once, by the platform's id),
 * attributed to a talent (the record that opened it, the creator's open id, the handle), the
 * messages not stored yet, the turn and its Todo. A creator message that is the first reply
 * after an invitation (the invitation's record has no reply yet) becomes a `replied` creator
 * event (key: conversation and message ids), applied once by send-records. So does the
 * creator's first message in a conversation the seller opened here with no invitation waiting
 * (from the talent library: the conversation was stored before the creator ever wrote), as a
 * fact of its talent alone (no record moves; the talent moves as after an invitation). A
 * conversation first seen with the creator's messages in it (one the seller began elsewhere,
 * or history read when a shop connects) moves no talent.
 */
export async function storeRead(
  deps: Pick<ConversationDeps, 'db' | 'changed'>,
  read: ReadConversation,
  messages: readonly ReadMessage[],
  now: Date,
): Promise<{ inserted: number; applied: number }> {
  const { db } = deps;
  const stored = await repo.findByPlatformId(
    db,
    read.userId,
    read.shopId,
    read.platformConversationId,
  );
  const talent = await attribute(db, read, stored);
  // The messages and the reply they make commit together (applyCreatorEventsInTransaction):
  // stored alone, a crash before the reply's write left them no longer new when read again,
  // and the reply was never applied. A creator's message may make one: the syncs' lock of the
  // account first, before this transaction's own rows, as every write of creator facts does.
  const creatorWrote = messages.some((message) => message.sender === 'creator');
  const { inserted, result } = await db.transaction(async (tx) => {
    if (creatorWrote) await beginCreatorLoopWrite(tx, [read.userId]);
    const row = await repo.upsertConversation(
      tx,
      {
        userId: read.userId,
        shopId: read.shopId,
        platform: read.platform,
        platformConversationId: read.platformConversationId,
        talentId: talent?.id ?? null,
        creatorOpenId: read.creatorOpenId ?? talent?.creatorOpenId ?? null,
        creatorUsername: read.creatorUsername,
        creatorImId: read.creatorImId,
        unreadCount: read.unreadCount,
      },
      now,
    );
    const inserted = await repo.insertMessages(
      tx,
      messages.map((message) => ({
        conversationId: row.id,
        userId: read.userId,
        platformMessageId: message.platformMessageId,
        sender: message.sender,
        type: message.type,
        content: message.content,
        sentAt: message.sentAt,
      })),
    );
    if (inserted.length) await settleTurn(tx, row, read.shopName, now);
    const reply = await replyEvent(tx, read, stored !== undefined, row, talent, inserted);
    const result = reply
      ? await applyCreatorEventsInTransaction(tx, [reply])
      : { applied: 0, accounts: [] as number[] };
    return { inserted, result };
  });
  const accounts = new Set(result.accounts);
  if (inserted.length) accounts.add(read.userId);
  if (accounts.size) await deps.changed([...accounts]);
  return { inserted: inserted.length, applied: result.applied };
}

/**
 * The reply fact the newly stored messages make, if any (see storeRead): the first reply after
 * an invitation (its record has no reply yet), or the creator's first message in a
 * conversation stored before it (opened here from the library) as a fact of its talent alone.
 * Its key is the conversation's and the message's ids: one fact however often it is read.
 */
async function replyEvent(
  tx: Executor,
  read: ReadConversation,
  wasStored: boolean,
  row: {
    id: number;
    talentId: number | null;
    creatorOpenId: string | null;
    creatorUsername: string | null;
  },
  talent: { platformTalentId: string } | null,
  inserted: readonly { id: number; sender: string; platformMessageId: string; sentAt: Date }[],
): Promise<CreatorEvent | null> {
  const firstCreator = inserted
    .filter((m) => m.sender === 'creator')
    .sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || a.id - b.id)[0];
  if (!firstCreator) return null;
  const handle = row.creatorUsername ?? talent?.platformTalentId ?? null;
  const reply: CreatorEvent = {
    userId: read.userId,
    shopId: read.shopId,
    shopName: read.shopName,
    stage: 'replied',
    key: `${read.platformConversationId}:${firstCreator.platformMessageId}`,
    at: firstCreator.sentAt,
    creator: { openId: row.creatorOpenId, username: handle },
  };
  if (
    handle &&
    (await awaitsFirstReply(tx, {
      userId: read.userId,
      shopId: read.shopId,
      platformTalentId: handle,
      at: firstCreator.sentAt,
    }))
  ) {
    return reply;
  }
  if (
    wasStored &&
    row.talentId !== null &&
    (await repo.firstCreatorMessage(tx, row.id))?.id === firstCreator.id
  ) {
    return { ...reply, talentOnly: { talentId: row.talentId } };
  }
  return null;
}

/** Whether the conversation is stored, and which of these platform message ids it holds. */
export async function storedMessages(
  db: Database,
  shopId: number,
  userId: number,
  platformConversationId: string,
  platformMessageIds: readonly string[],
): Promise<Set<string>> {
  const row = await repo.findByPlatformId(db, userId, shopId, platformConversationId);
  if (!row) return new Set();
  return repo.storedMessageIds(db, row.id, platformMessageIds);
}

/** The talent a read conversation belongs to: its record's, the open id's, the handle's. */
async function attribute(
  db: Database,
  read: ReadConversation,
  stored: repo.ConversationRow | undefined,
): Promise<TalentIdentityRow | null> {
  if (stored?.talentId) {
    const [talent] = await talentIdentitiesByIds(db, read.userId, [stored.talentId]);
    if (talent) return talent;
  }
  const byRecord = await talentOfConversation(
    db,
    read.userId,
    read.shopId,
    read.platformConversationId,
  );
  if (byRecord?.talentId) {
    const [talent] = await talentIdentitiesByIds(db, read.userId, [byRecord.talentId]);
    if (talent) return talent;
  }
  const openId = read.creatorOpenId ?? stored?.creatorOpenId ?? null;
  if (openId) {
    const [talent] = await findByOpenIds(db, read.userId, [openId]);
    if (talent) return identity(talent);
  }
  if (read.creatorUsername) {
    const found = await findByPlatformIds(db, read.userId, [read.creatorUsername]);
    const talent = found.find((t) => t.platform === read.platform);
    if (talent) return identity(talent);
  }
  return null;
}

function identity(row: {
  id: number;
  name: string;
  platform: string;
  platformTalentId: string;
  creatorOpenId: string | null;
  buyinId: string | null;
  buyinUid: string | null;
}): TalentIdentityRow {
  return {
    id: row.id,
    name: row.name,
    platform: row.platform,
    platformTalentId: row.platformTalentId,
    creatorOpenId: row.creatorOpenId,
    buyinId: row.buyinId,
    buyinUid: row.buyinUid,
  };
}
