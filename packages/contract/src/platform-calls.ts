import type { TaskType } from './send-records-constants.ts';

/**
 * How an invitation task becomes platform calls: the one place of the batching rule, for the
 * form's preview and for the executor that compiles a task into platform actions. Values
 * only (no zod), so the console's drawer loads nothing more for it.
 */

/** How a shop is reached (DESIGN.md "Platforms"): its Open API by our server, or the extension. */
export const channels = ['api', 'browser'] as const;
export type Channel = (typeof channels)[number];

/** A shop connected by the platform's authorization is reached by its API; any other, by the extension. */
export function shopChannelOf(source: string): Channel {
  return source === 'authorization' ? 'api' : 'browser';
}

/**
 * TikTok Shop's Create Target Collaboration takes at most 50 creators (`creator_user_open_ids`,
 * "Maximum length of the list is `50`") and 100 products a call (Create Target Collaboration
 * 202508, partner.tiktokshop.com docv2 page create-target-collaboration-202508; mirrored in
 * lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/create-target-collaboration.spec.json).
 */
export const TIKTOK_COLLABORATION_CREATORS_MAX = 50;
export const TIKTOK_COLLABORATION_PRODUCTS_MAX = 100;

/**
 * The sizes of the batches `count` items make, at most `max` a batch: full batches first,
 * the rest last (86 at 50: [50, 36]). Nothing makes no batch.
 */
export function batchSizes(count: number, max: number): number[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count ${count}`);
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max ${max}`);
  const sizes: number[] = [];
  for (let left = count; left > 0; left -= max) sizes.push(Math.min(max, left));
  return sizes;
}

/** The items in batches of `batchSizes`, in order. */
export function inBatches<T>(items: readonly T[], max: number): T[][] {
  let start = 0;
  return batchSizes(items.length, max).map((size) => items.slice(start, (start += size)));
}

/**
 * What each task type asks of TikTok Shop (issue 16): a target collaboration (without or with
 * free samples), a conversation with a text and a product card per product, a target
 * collaboration followed by its card in a message to each creator, or nothing the Open API
 * offers (group leader activities are partner campaigns: the seller center's web pages only).
 */
export const tiktokTaskActions = {
  targeted_product: 'target_collaboration',
  free_product: 'target_collaboration',
  free_connection: 'conversation',
  targeted_connection: 'target_collaboration_card',
  group_leader_activity: 'browser_only',
} as const satisfies Record<TaskType, string>;
export type TikTokTaskAction = (typeof tiktokTaskActions)[TaskType];

/**
 * 抖店 (issue 17): a targeted product invitation is a 定向计划 (buyin.createOrUpdateOrienPlan,
 * one action the server runs first, then buyin.orienPlanAuthorsAdd, at most 20 百应IDs a call:
 * "达人百应ID列表，最多20个", github:lackoxygen/laravel-tiktok-shop-sdk src/Request/Buyin/Buyin.php
 * and the C# SDK BuyinOrienPlanAuthorsAddReq quoted in apps/server/src/modules/platforms/doudian/client.ts);
 * a group leader activity invitation is an application to the 团长's activity
 * (buyin.applyActivities); free product, free connection and targeted connection invitations
 * have no open API (百应 pages): they are browser actions even for a shop connected by
 * authorization (`taskChannel`).
 */
export const DOUDIAN_PLAN_AUTHORS_MAX = 20;
export const doudianTaskActions = {
  targeted_product: 'orien_plan',
  free_product: 'browser_only',
  free_connection: 'browser_only',
  targeted_connection: 'browser_only',
  group_leader_activity: 'activity_application',
} as const satisfies Record<TaskType, string>;
export type DoudianTaskAction = (typeof doudianTaskActions)[TaskType];

/**
 * The channel a task of this type runs on, for a shop reached by `shopChannel`: a 抖店 shop
 * connected by authorization still sends what 抖店开放平台 offers no method for through the
 * browser (the extension on 百应); everything else follows the shop.
 */
export function taskChannel(platform: string, shopChannel: Channel, taskType: TaskType): Channel {
  if (platform === 'douyin' && doudianTaskActions[taskType] === 'browser_only') return 'browser';
  return shopChannel;
}

/** Whether a TikTok task type carries the terms of a target collaboration. */
export function needsCollaboration(taskType: TaskType): boolean {
  const action = tiktokTaskActions[taskType];
  return action === 'target_collaboration' || action === 'target_collaboration_card';
}

/** The calls a TikTok task makes, in counts: what the form previews. */
export type TikTokCallPlan =
  | {
      action: 'target_collaboration' | 'target_collaboration_card';
      creators: number;
      /** Creators per target collaboration, in order. */
      collaborations: number[];
      /** Card messages sent after the collaborations (one per creator), or 0. */
      cards: number;
    }
  | {
      action: 'conversation';
      creators: number;
      conversations: number;
      /** Product cards sent after the text in each conversation. */
      productCards: number;
    }
  | { action: 'browser_only'; creators: number };

/** The platform calls of a TikTok task of `creators` talents and `products` products. */
export function planTikTokCalls(
  taskType: TaskType,
  creators: number,
  products: number,
): TikTokCallPlan {
  const action = tiktokTaskActions[taskType];
  if (action === 'browser_only') return { action, creators };
  if (action === 'conversation') {
    return { action, creators, conversations: creators, productCards: products };
  }
  return {
    action,
    creators,
    collaborations: batchSizes(creators, TIKTOK_COLLABORATION_CREATORS_MAX),
    cards: action === 'target_collaboration_card' ? creators : 0,
  };
}
