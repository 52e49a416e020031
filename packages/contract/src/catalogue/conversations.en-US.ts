import type { TranslationOf } from '../locale.ts';
import type { conversationsZh } from './conversations.ts';

/** The en-US texts of conversations.ts, key for key (a missing one fails the type check). */
export const conversationsEn: TranslationOf<typeof conversationsZh> = {
  'validation.conversationTextRequired': 'Enter a message',
  'validation.conversationTextMax': 'A message cannot be longer than {max} characters',
  'validation.conversationTypeInvalid':
    'A message is a text, a product card or a collaboration card',
  'validation.conversationTargetRequired': 'Name the conversation, or the talent and the shop',
  'error.conversationShopNotConnected':
    'This shop is not connected to TikTok Shop by authorization, so no message can be sent: connect it in My Shops first',
  'error.conversationTikTokOnly':
    'Messages are only available for TikTok Shop shops connected by authorization',
  'error.conversationNoOpenId':
    "The talent's TikTok Shop Creator Open ID is not known yet (invite it once with a task, or add it from Find creators), so no conversation can be opened",
  'error.conversationNoCollaboration':
    'This send record created no target collaboration, so there is no collaboration card to send',
  'error.conversationWaitForReply':
    'TikTok Shop takes at most {max} messages before the creator replies: wait for the answer',
  'error.conversationReconnect':
    "The shop's authorization has lapsed or lacks the affiliate messages permission: authorize it again in My Shops",
  'error.conversationRefused': 'TikTok Shop refused the message: {reason}',
  'error.conversationUnavailable': 'TikTok Shop cannot be reached right now: try again later',
  'success.conversationMessageSent': 'Message sent',
  'message.creatorReplied.title': 'A creator replied',
  'message.creatorReplied.subTitle': '{creator} · {shopName}',
  'message.creatorReplied.content': '{creator} replied in shop "{shopName}": {preview}',
};
