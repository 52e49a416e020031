import { createHash } from 'node:crypto';
import type { SandboxCreator } from './creators.ts';

/**
 * What sandbox creators do after a seller reaches them, decided once and the same on every
 * run: every draw is a SHA-256 of the shop, the collaboration (or conversation), the creator
 * and what is drawn (README.md, "Living creators"). Times are sandbox time (the sandbox
 * clock); nothing here reads a clock.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A number in [0, 1) drawn from the seed and what is drawn. */
export function draw(seed: string, what: string): number {
  return createHash('sha256').update(`${seed}|${what}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** A delay between `min` and `max` ms, log-uniform (many soon, some late), in whole seconds. */
function logUniform(u: number, min: number, max: number): number {
  return Math.round((min * (max / min) ** u) / 1000) * 1000;
}

/** A digit id of `length` from a seed (orders, applications, contents, messages). */
export function seededId(seed: string, length = 19, prefix = '7'): string {
  const digest = createHash('sha256').update(`id|${seed}`).digest();
  let out = prefix;
  for (let i = 0; out.length < length; i++) out += String(digest[i % digest.length]! % 10);
  return out;
}

/**
 * Creators whose behaviour is fixed, by their number `n` within their region, for tests and
 * demonstrations (README.md): they answer within minutes.
 * - n % 50 === 1: accepts in 4 minutes, asks for a free sample (when offered) 6 minutes
 *   later, posts content and sells;
 * - n % 50 === 2: declines in 5 minutes;
 * - n % 50 === 3: never answers;
 * - n % 50 === 4: replies in a conversation 3 minutes after each seller message.
 */
export type FixedBehaviour = 'accepts' | 'declines' | 'silent' | 'replies' | null;

export function fixedBehaviourOf(n: number): FixedBehaviour {
  const r = n % 50;
  return r === 1
    ? 'accepts'
    : r === 2
      ? 'declines'
      : r === 3
        ? 'silent'
        : r === 4
          ? 'replies'
          : null;
}

export interface PlannedProduct {
  id: string;
  targetCommissionRate: number;
  shopAdsCommissionRate: number | null;
  /** The product's lowest price (decimal text) and currency. */
  price: string;
  currency: string;
}

export interface CollaborationFacts {
  shopId: string;
  collaborationId: string;
  startTime: Date;
  endTime: Date;
  hasFreeSample: boolean;
  products: PlannedProduct[];
}

export interface PlannedOrder {
  id: string;
  at: Date;
  productId: string;
  quantity: number;
  price: string;
  currency: string;
  commissionRate: number;
  shopAdsCommissionRate: number | null;
  contentType: 'VIDEO' | 'LIVE';
  contentId: string;
  cancelled: boolean;
}

export interface CreatorPlan {
  /** ACCEPT: adds the products to the showcase; DECLINE; NONE: never answers (expires). */
  answer: 'ACCEPT' | 'DECLINE' | 'NONE';
  answeredAt: Date | null;
  /** A free sample application (accepted creators, when the collaboration offers samples). */
  sample: { id: string; at: Date; productId: string } | null;
  /** The creator's content with one of the products. */
  content: { id: string; at: Date; productId: string; format: 'VIDEO' | 'LIVE' } | null;
  orders: PlannedOrder[];
}

/** Orders per day a creator's content brings, at most, and for how many days. */
const ORDER_DAYS = 14;

/**
 * The plan of one invited creator in one collaboration. Seeded by shop, collaboration and
 * creator: the same ids give the same plan. Everything planned falls before the
 * collaboration's end (an answer not given by then never comes: the entry expires).
 */
export function planCreator(c: CollaborationFacts, creator: SandboxCreator): CreatorPlan {
  const seed = `${c.shopId}:${c.collaborationId}:${creator.openId}`;
  const fixed = fixedBehaviourOf(creator.n);
  const start = c.startTime.getTime();
  const end = c.endTime.getTime();
  const none: CreatorPlan = {
    answer: 'NONE',
    answeredAt: null,
    sample: null,
    content: null,
    orders: [],
  };
  // 40 % accept, 20 % decline, 40 % never answer; answers 3 minutes to 3 days after.
  const u = draw(seed, 'answer');
  const answer =
    fixed === 'accepts'
      ? 'ACCEPT'
      : fixed === 'declines'
        ? 'DECLINE'
        : fixed === 'silent' || fixed === 'replies'
          ? 'NONE'
          : u < 0.4
            ? 'ACCEPT'
            : u < 0.6
              ? 'DECLINE'
              : 'NONE';
  if (answer === 'NONE') return none;
  const answerDelay =
    fixed === 'accepts'
      ? 4 * MINUTE
      : fixed === 'declines'
        ? 5 * MINUTE
        : logUniform(draw(seed, 'answer-delay'), 3 * MINUTE, 3 * DAY);
  const answeredAt = start + answerDelay;
  if (answeredAt >= end) return none;
  if (answer === 'DECLINE') return { ...none, answer, answeredAt: new Date(answeredAt) };

  const pick = (what: string) =>
    c.products[Math.floor(draw(seed, what) * c.products.length)] ?? c.products[0]!;
  // Of those who accept, 60 % ask for a sample when one is offered, 10 minutes to a day later.
  let sample: CreatorPlan['sample'] = null;
  if (c.hasFreeSample && (fixed === 'accepts' || draw(seed, 'sample') < 0.6)) {
    const at =
      answeredAt +
      (fixed === 'accepts' ? 6 * MINUTE : logUniform(draw(seed, 'sample-delay'), 10 * MINUTE, DAY));
    if (at < end)
      sample = {
        id: seededId(`${seed}:sample`, 19, '57'),
        at: new Date(at),
        productId: pick('sample-product').id,
      };
  }
  // 75 % post content: after the sample's journey (about 4 days), or 1 hour to 3 days after accepting.
  let content: CreatorPlan['content'] = null;
  if (fixed === 'accepts' || draw(seed, 'content') < 0.75) {
    const at = sample
      ? sample.at.getTime() + 4 * DAY + logUniform(draw(seed, 'content-delay'), 2 * HOUR, 4 * DAY)
      : answeredAt +
        (fixed === 'accepts'
          ? 30 * MINUTE
          : logUniform(draw(seed, 'content-delay'), HOUR, 3 * DAY));
    if (at < end)
      content = {
        id: seededId(`${seed}:content`),
        at: new Date(at),
        productId: sample?.productId ?? pick('content-product').id,
        format: draw(seed, 'format') < 0.7 ? 'VIDEO' : 'LIVE',
      };
  }
  const orders: PlannedOrder[] = [];
  if (content) {
    // Up to three orders a day for two weeks after the content, fewer as days go by.
    for (let day = 0; day < ORDER_DAYS; day++) {
      const perDay = Math.floor(
        draw(seed, `orders-${day}`) * 3 * (1 - day / (ORDER_DAYS + 2)) + 0.3,
      );
      for (let k = 0; k < perDay; k++) {
        const at =
          content.at.getTime() +
          day * DAY +
          Math.floor(draw(seed, `order-${day}-${k}`) * (DAY / 1000)) * 1000;
        if (at >= end) continue;
        const product =
          draw(seed, `order-${day}-${k}-same`) < 0.7
            ? c.products.find((p) => p.id === content!.productId)!
            : pick(`order-${day}-${k}-product`);
        orders.push({
          id: seededId(`${seed}:order:${day}:${k}`, 18, '5'),
          at: new Date(at),
          productId: product.id,
          quantity: 1 + Math.floor(draw(seed, `order-${day}-${k}-qty`) ** 3 * 3),
          price: product.price,
          currency: product.currency,
          commissionRate: product.targetCommissionRate,
          shopAdsCommissionRate: product.shopAdsCommissionRate,
          contentType: content.format,
          contentId: content.id,
          cancelled: draw(seed, `order-${day}-${k}-cancel`) < 0.05,
        });
      }
    }
    orders.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
  return { answer, answeredAt: new Date(answeredAt), sample, content, orders };
}

/** What creators write back (the platform carries creators' own words; these stand for them). */
const replies = [
  'Hi! Thanks for reaching out, this looks great. Could you tell me more about the product?',
  'Hello, I would love to try it. Do you offer a free sample?',
  'Thanks! What commission can you offer for a video?',
  'Sounds interesting, I will check the invitation and get back to you.',
  'Thank you, but this is not a fit for my channel right now.',
];

/**
 * The creator's answer to the seller's `sellerMessages`-th message in a conversation (0 the
 * first): whether one comes, after how long, and what it says. Seeded by shop,
 * conversation, creator and that number.
 */
export function planReply(
  shopId: string,
  conversationId: string,
  creator: SandboxCreator,
  sellerMessages: number,
  sentAt: Date,
): { at: Date; text: string } | null {
  const seed = `${shopId}:${conversationId}:${creator.openId}:reply:${sellerMessages}`;
  const fixed = fixedBehaviourOf(creator.n);
  if (fixed === 'silent') return null;
  // Half answer the first message, fewer the follow-ups; 2 minutes to 2 days later.
  const chance = fixed === 'replies' ? 1 : sellerMessages === 0 ? 0.5 : 0.3;
  if (draw(seed, 'replies') >= chance) return null;
  const delay =
    fixed === 'replies' ? 3 * MINUTE : logUniform(draw(seed, 'delay'), 2 * MINUTE, 2 * DAY);
  return {
    at: new Date(sentAt.getTime() + delay),
    text: replyText(shopId, conversationId, creator.openId, sellerMessages),
  };
}

/** The words of a creator's reply (seeded as `planReply`). */
export function replyText(
  shopId: string,
  conversationId: string,
  creatorOpenId: string,
  sellerMessages: number,
): string {
  const seed = `${shopId}:${conversationId}:${creatorOpenId}:reply:${sellerMessages}`;
  return replies[Math.floor(draw(seed, 'text') * replies.length)]!;
}

/** How a sample application moves once applied (README.md, "Samples"). */
export const SAMPLE_TIMES = {
  /** The seller has 3 days to review ("approve_expiration_time"). */
  reviewWithin: 3 * DAY,
  /** Approved, the sample ships a day later (the sandbox ships for the seller)… */
  shipsAfter: DAY,
  /** …and reaches the creator three days after that. */
  deliveredAfter: 4 * DAY,
  /** The seller's deadline to ship ("shipment_expiration_time"), from the approval. */
  shipWithin: 3 * DAY,
  /** A creator with the sample who posts nothing within 30 days has not fulfilled it. */
  fulfilWithin: 30 * DAY,
};
