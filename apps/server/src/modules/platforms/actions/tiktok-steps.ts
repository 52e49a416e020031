import {
  translate,
  tiktokShopRequiredScopes,
  type Locale,
  type PlatformReference,
  type TalentIdentity,
  type TaskPlatformTerms,
} from '@inviteflow/contract';
import type { ImMessage, ShopAccess, TikTokShopClient } from '../tiktok-shop/index.ts';
import type { SendRecordRow } from '../../send-records/index.ts';
import type { DoudianClient, ShopAccess as DoudianShopAccess } from '../doudian/index.ts';
import type { ActionRow } from './repository.ts';
import { ownFailure, type Outcome, type RecordFailure } from './outcomes.ts';

/**
 * The TikTok Shop calls of each action kind, as steps that can be resumed: before a call that
 * may change the platform the executor writes that it started (and where), so that after a
 * crash the next executor reads the platform instead of calling again (DESIGN.md "Never twice,
 * never lost"). Errors are the client's `TikTokShopError`, classified in executor.ts.
 */

/** What a step needs from the executor. */
export interface StepContext {
  action: ActionRow;
  records: SendRecordRow[];
  task: {
    taskType: string;
    platformTerms: TaskPlatformTerms | null;
    products: Array<{ productId: string; productName: string }>;
  };
  locale: Locale;
  /** One call with the shop's access (renewed as needed), within the shop's rate. */
  call<T>(
    run: (client: TikTokShopClient, access: ShopAccess) => Promise<T>,
    scopes: readonly string[],
  ): Promise<T>;
  /** One 抖店 call with the shop's access (renewed as needed), within the shop's rate. */
  doudian<T>(run: (client: DoudianClient, access: DoudianShopAccess) => Promise<T>): Promise<T>;
  /** Written before a call that may change the platform: its progress then. */
  starting(progress: Record<string, unknown>): Promise<void>;
  /** Written after a step: the progress now (the call's outcome is known). */
  stepDone(progress: Record<string, unknown>): Promise<void>;
  /** Saves a talent's identity completed on the platform (its open id). */
  identified(recordId: number, identity: TalentIdentity): Promise<void>;
}

// Scopes of each call (the API reference pages' "scope" of each endpoint).
const [, MARKETPLACE_READ, COLLABORATION_READ, COLLABORATION_WRITE, MESSAGES_WRITE] =
  tiktokShopRequiredScopes;

/** Pages of a creator search read to resolve one handle (20 a page). */
const HANDLE_SEARCH_PAGES = 3;
/** Pages of a collaboration search read when reconciling (100 a page). */
const RECONCILE_SEARCH_PAGES = 5;

function openIdOf(record: SendRecordRow): string | null {
  return record.identity?.platform === 'tiktok' ? record.identity.creatorUserOpenId : null;
}

function handleOf(record: SendRecordRow): string {
  return record.identity?.platform === 'tiktok' ? record.identity.handle : record.platformTalentId;
}

/**
 * Talents known by handle only get their Creator Open ID from Search Creator on Marketplace
 * (keyword matched on username, 202508): the exact username, case aside. Not found: the
 * record fails with `talent_not_found`, the rest go on.
 */
async function resolveOpenIds(
  ctx: StepContext,
): Promise<{ creators: Map<number, string>; failures: RecordFailure[] }> {
  const creators = new Map<number, string>();
  const failures: RecordFailure[] = [];
  for (const record of ctx.records) {
    const known = openIdOf(record);
    if (known) {
      creators.set(record.id, known);
      continue;
    }
    const handle = handleOf(record);
    let found: string | null = null;
    let pageToken: string | undefined;
    let searchKey: string | undefined;
    for (let page = 0; page < HANDLE_SEARCH_PAGES && !found; page++) {
      const result = await ctx.call(
        (client, access) =>
          client.searchCreators(access, { keyword: handle, pageSize: 20, pageToken, searchKey }),
        [MARKETPLACE_READ!],
      );
      found =
        result.creators.find((c) => c.username.toLowerCase() === handle.toLowerCase())?.openId ??
        null;
      if (!result.nextPageToken) break;
      pageToken = result.nextPageToken;
      searchKey = result.searchKey ?? undefined;
    }
    if (found) {
      creators.set(record.id, found);
      await ctx.identified(record.id, { platform: 'tiktok', handle, creatorUserOpenId: found });
    } else {
      failures.push({
        recordId: record.id,
        ...ownFailure(
          'talent_not_found',
          translate(ctx.locale, 'sending.talentNotFound', { handle }),
        ),
      });
    }
  }
  return { creators, failures };
}

/**
 * The collaboration this action created, if it did: Search Target Collaborations by its name
 * among the valid ones (not ended, not removed), then the detail of each with that exact name
 * holding every creator of the batch.
 */
async function findCreatedCollaboration(
  ctx: StepContext,
  name: string,
  openIds: readonly string[],
): Promise<string | null> {
  let pageToken: string | undefined;
  for (let page = 0; page < RECONCILE_SEARCH_PAGES; page++) {
    const result = await ctx.call(
      (client, access) =>
        client.searchTargetCollaborations(access, {
          status: 'VALID',
          keyword: { type: 'TARGET_COLLABORATION_NAME', value: name },
          pageSize: 100,
          pageToken,
        }),
      [COLLABORATION_READ!],
    );
    for (const summary of result.collaborations) {
      if (summary.name !== name) continue;
      const detail = await ctx.call(
        (client, access) => client.getTargetCollaboration(access, summary.id),
        [COLLABORATION_READ!],
      );
      const members = new Set(detail.creators.map((c) => c.openId));
      if (openIds.every((id) => members.has(id))) return summary.id;
    }
    if (!result.nextPageToken) break;
    pageToken = result.nextPageToken;
  }
  return null;
}

/** Create Target Collaboration for the batch (targeted / free product, targeted connection). */
export async function runTargetCollaboration(ctx: StepContext): Promise<Outcome> {
  const terms = ctx.task.platformTerms?.collaboration;
  if (!terms) {
    return {
      type: 'fail_all',
      failure: ownFailure('invalid_request', 'the task has no target collaboration terms'),
    };
  }
  const { creators, failures } = await resolveOpenIds(ctx);
  if (failures.length) return { type: 'drop_records', failures };
  const name = ctx.action.name ?? terms.name;
  const openIds = ctx.records.map((record) => creators.get(record.id)!);
  if (ctx.action.callStartedAt) {
    const id = await findCreatedCollaboration(ctx, name, openIds);
    if (id) return { type: 'succeeded', reference: { targetCollaborationId: id } };
  }
  const message = collaborationMessage(ctx.records);
  await ctx.starting({ ...ctx.action.progress, step: 'create_target_collaboration' });
  const { id } = await ctx.call(
    (client, access) =>
      client.createTargetCollaboration(access, {
        name,
        ...(message ? { message } : {}),
        endTime: new Date(terms.endsAt),
        products: terms.products.map((p) => ({
          id: p.productId,
          targetCommissionRate: p.commissionRate,
        })),
        creatorOpenIds: openIds,
        sellerContactEmail: terms.contactEmail,
        freeSample: {
          hasFreeSample: terms.freeSample,
          isSampleApprovalExempt: terms.freeSample && terms.sampleApproval === 'auto',
        },
      }),
    [COLLABORATION_WRITE!],
  );
  return { type: 'succeeded', reference: { targetCollaborationId: id } };
}

/** The platform takes at most 500 characters of a collaboration's message (sandbox README). */
const COLLABORATION_MESSAGE_MAX = 500;

/**
 * A target collaboration carries one message for all its creators: the batch's rendered
 * script when it is the same for every creator (no per-talent variable), else none (the
 * collaboration's terms speak for themselves; a per-talent text needs a conversation).
 */
function collaborationMessage(records: readonly SendRecordRow[]): string | null {
  const first = records[0]?.message ?? '';
  if (!first || records.some((r) => r.message !== first)) return null;
  return [...first].length <= COLLABORATION_MESSAGE_MAX ? first : null;
}

/** The messages of a conversation action (free connection) or a card action (targeted connection). */
function messagesOf(ctx: StepContext, record: SendRecordRow): ImMessage[] {
  if (ctx.action.kind === 'collaboration_card') {
    const id = record.platformReference?.targetCollaborationId;
    return id ? [{ type: 'TARGET_COLLABORATION_CARD', targetCollaborationId: id }] : [];
  }
  return [
    { type: 'TEXT', text: record.message },
    ...ctx.task.products.map((p): ImMessage => ({ type: 'PRODUCT_CARD', productId: p.productId })),
  ];
}

function contentOf(message: ImMessage): Array<Record<string, string>> {
  return message.type === 'TEXT'
    ? [{ content: message.text }]
    : message.type === 'PRODUCT_CARD'
      ? [{ product_id: message.productId }]
      : // Send IM Message takes {"target_collaboration_id"} ("target_collaboration_id is
        // Invitation group id"); Get Message in the Conversation 202412 shows the card read
        // back as TARGET_INVITATION_CARD {"invitation_group_id"} (affiliate-seller/
        // send-im-message and get-message-in-the-conversation, mirrored in
        // github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/).
        [
          { target_collaboration_id: message.targetCollaborationId },
          { invitation_group_id: message.targetCollaborationId },
        ];
}

/** The types a sent message may be read back as (see contentOf). */
const readBackTypes = (message: ImMessage): string[] =>
  message.type === 'TARGET_COLLABORATION_CARD'
    ? ['TARGET_COLLABORATION_CARD', 'TARGET_INVITATION_CARD']
    : [message.type];

/** Whether the conversation's latest messages hold this one (Send IM Message's outcome unknown). */
async function alreadySent(
  ctx: StepContext,
  conversationId: string,
  message: ImMessage,
): Promise<boolean> {
  const { messages } = await ctx.call(
    (client, access) => client.getConversationMessages(access, conversationId, { pageSize: 20 }),
    [MESSAGES_WRITE!],
  );
  const shapes = contentOf(message);
  const types = readBackTypes(message);
  return messages.some((m) => {
    if (!types.includes(m.type)) return false;
    try {
      const content = JSON.parse(m.content) as Record<string, unknown>;
      return shapes.some((wanted) =>
        Object.entries(wanted).every(([key, value]) => String(content[key]) === value),
      );
    } catch {
      return false;
    }
  });
}

/**
 * One creator: Create Conversation with Creator ("get the existing conversation or create a
 * new one": safe to call again), then each message in order, the count sent kept as progress.
 */
export async function runConversation(ctx: StepContext): Promise<Outcome> {
  const record = ctx.records[0];
  if (!record) return { type: 'succeeded', reference: {} };
  const { creators, failures } = await resolveOpenIds(ctx);
  if (failures.length) return { type: 'drop_records', failures };
  const openId = creators.get(record.id)!;
  const messages = messagesOf(ctx, record);
  if (!messages.length) {
    return {
      type: 'fail_all',
      failure: ownFailure('invalid_request', 'no target collaboration to send a card of'),
    };
  }
  const progress = { ...ctx.action.progress } as {
    conversationId?: string;
    sent?: number;
    step?: string;
  };
  if (!progress.conversationId) {
    await ctx.starting({ ...progress, step: 'create_conversation' });
    const { conversationId } = await ctx.call(
      (client, access) => client.createConversation(access, openId),
      [MESSAGES_WRITE!],
    );
    progress.conversationId = conversationId;
    progress.sent = 0;
    await ctx.stepDone({ ...progress, step: 'conversation_created' });
  }
  const conversationId = progress.conversationId;
  for (let i = progress.sent ?? 0; i < messages.length; i++) {
    const message = messages[i]!;
    // The previous executor died while sending this message: sent or not, the platform says.
    const unsure = ctx.action.callStartedAt !== null && progress.step === `send_message_${i}`;
    if (!(unsure && (await alreadySent(ctx, conversationId, message)))) {
      await ctx.starting({ ...progress, step: `send_message_${i}` });
      await ctx.call(
        (client, access) => client.sendMessage(access, conversationId, message),
        [MESSAGES_WRITE!],
      );
    }
    progress.sent = i + 1;
    progress.step = `sent_${i}`;
    await ctx.stepDone({ ...progress });
  }
  const reference: PlatformReference = { ...(record.platformReference ?? {}), conversationId };
  return { type: 'succeeded', reference };
}
