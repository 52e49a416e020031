import type { TranslationOf } from '../locale.ts';
import type { creatorsZh } from './creators.ts';

/** The en-US texts of creators.ts, key for key (a missing one fails the type check). */
export const creatorsEn: TranslationOf<typeof creatorsZh> = {
  'validation.percentRange': 'Enter a whole number from 0 to 100',
  'validation.genderRequired': "Choose the followers' gender before setting its share",
  'validation.creatorsRequired': 'Choose at least one creator',
  'validation.creatorsMax': 'You can add at most {max} creators at a time',
  'error.creatorSearchTikTokOnly':
    'Find creators works only with TikTok Shop shops connected by authorization: Douyin Shop ("抖店") offers no API to search its creator square',
  'error.creatorSearchNotConnected':
    'This shop is not connected to TikTok Shop by authorization yet: connect it on My Shops, then search',
  'error.creatorSearchReconnect':
    "The shop's authorization has lapsed or lacks the creator marketplace permission: authorize it again on My Shops",
  'error.creatorSearchQuota':
    "Today's creator searches are used up (the platform allows 10,000 a day): try again tomorrow",
  'error.creatorSearchUnavailable': 'TikTok Shop cannot be reached right now: try again later',
};
