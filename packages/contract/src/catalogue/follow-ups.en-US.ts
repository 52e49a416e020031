import type { TranslationOf } from '../locale.ts';
import type { followUpsZh } from './follow-ups.ts';

/** The en-US texts of follow-ups.ts, key for key (a missing one fails the type check). */
export const followUpsEn: TranslationOf<typeof followUpsZh> = {
  'validation.followUpDays': 'Enter the follow-up days as a whole number from 1 to 30',
  'validation.followUpTemplateRequired': 'Choose a script template for each follow-up',
  'validation.followUpsMax': 'A task can schedule at most 2 follow-ups',
  'validation.followUpSecondLater': 'The second follow-up must come more days after than the first',
  'error.followUpsNeedConnectedShop':
    'Follow-ups are sent as the platform\'s creator messages, so they need a TikTok Shop shop connected by authorization; the shop "{shop}" is not: connect it on My Shops first, or remove the follow-ups',
  'error.followUpTemplateNotFound':
    'A script template chosen for a follow-up does not exist or was deleted: choose another',
  'success.followUpCancelled': 'Follow-up cancelled: creators not yet messaged will not receive it',
};
