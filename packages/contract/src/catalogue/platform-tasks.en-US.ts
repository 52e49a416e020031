import type { TranslationOf } from '../locale.ts';
import type { platformTasksZh } from './platform-tasks.ts';

/** The en-US texts of platform-tasks.ts, key for key (a missing one fails the type check). */
export const platformTasksEn: TranslationOf<typeof platformTasksZh> = {
  'validation.tiktokHandleLength': 'A TikTok username has 2 to 24 characters (without the @)',
  'validation.tiktokHandleFormat':
    'A TikTok username may contain only letters, digits, underscores and periods, and cannot end with a period',
  'validation.creatorOpenIdFormat':
    'The TikTok open ID is not valid: 8 to 128 letters, digits, _ or -',
  'validation.buyinIdFormat': 'A Buyin ID contains digits only',
  'validation.buyinUidFormat': 'A Buyin UID may contain only letters, digits and _ . -',
  'error.creatorOpenIdTaken':
    'This TikTok open ID already belongs to the talent {name} (@{platformTalentId})',
  'error.buyinIdTaken': 'This Buyin ID already belongs to the talent {name} ({platformTalentId})',
  'error.importRowDuplicateIdentity': 'Same {field} as row {row}',
  'template.ruleOpenId':
    "TikTok talents only: the creator's Creator Open ID (8 to 128 letters, digits, _ or -); may be empty (looked up by username before sending); unique in the account",
  'template.ruleBuyinId':
    'Douyin talents only: the Buyin ID (digits); may be empty; unique in the account',
  'template.ruleBuyinUid':
    "Douyin talents only: the uid of the talent's Buyin profile page; may be empty",
  'field.creatorUserOpenId': 'TikTok open ID',
  'field.buyinId': 'Buyin ID',
  'field.buyinUid': 'Buyin UID',
  'validation.collaborationNameRequired': 'Please enter the collaboration name',
  'validation.collaborationNameMax':
    'The collaboration name cannot be longer than {max} characters',
  'validation.endsAtRequired': 'Please choose when the collaboration ends',
  'validation.endsAtInvalid': 'The end time is not a valid time',
  'validation.endsAtFuture': 'The collaboration must end in the future',
  'validation.collaborationProductsRequired': 'A target collaboration needs at least one product',
  'validation.commissionRateRequired': 'Please enter a commission rate for each product',
  'validation.commissionRateRange':
    'A commission rate is between 1.00% and 80.00%, with at most two decimals',
  'validation.commissionProductInvalid':
    'A commission rate names a product that is not valid: choose the products again',
  'validation.contactEmailRequired': "Please enter the seller's contact e-mail",
  'validation.freeSampleRequired': 'A free product invitation offers free samples',
  'validation.freeSampleNotOffered':
    'A targeted product invitation offers no free samples; choose "Free product invitation" to send samples',
  'field.collaborationName': 'Collaboration name',
  'field.endsAt': 'Collaboration end',
  'field.commissionRates': 'Commission rate',
  'field.contactEmail': 'Seller contact e-mail',
  'field.freeSample': 'Free samples',
  'field.sampleApproval': 'Sample approval',
  'error.groupLeaderBrowserOnly':
    "Group leader activity invitations have no platform Open API: they run in the browser, through the extension (coming in the next version). This shop is connected by the platform's authorization, so such a task cannot be created for it yet",
  'validation.activityLeaderOnly':
    "A group leader activity application is made for the activity's group leader (by 百应ID), and only for them: {names}",
  'validation.activityRequired': 'Choose the group leader activity to apply to',
  'validation.serviceRateRequired': "Enter the group leader's service rate",
  'validation.serviceRateRange':
    'The service rate must be from 0% to 90%, with at most two decimals',
  'validation.doudianRatioSum':
    "The service rate plus each product's commission must stay below 90%",
  'validation.contactPhoneRequired': "Enter the shop's contact phone",
  'validation.doudianContactPhone': 'The contact phone must be an 11-digit mobile number',
  'validation.activityPriceRequired': 'Enter an activity price for each product',
  'validation.activityPriceRange':
    'The activity price must be an amount above 0, with at most two decimals',
  'validation.doudianOneProduct': 'A 抖店 targeted plan holds one product: choose a single product',
  'validation.doudianCosRatioWhole':
    'A 抖店 targeted plan takes a whole-percent commission from 1% to 80%',
  'error.sendOtherPlatform':
    '{count, plural, one {# talent is} other {# talents are}} not on {shopPlatform}, so cannot be invited for the {shopPlatform} shop “{shop}”: {names}. Remove them and create the task again',
  'error.sendRulesOtherPlatform':
    'The rules pick {platform} talents, but “{shop}” is a {shopPlatform} shop. Set the platform to {shopPlatform}, or to any platform',
  'error.importRowOtherPlatform':
    'This talent is on {platform}, so cannot be invited for a {shopPlatform} shop',
};
