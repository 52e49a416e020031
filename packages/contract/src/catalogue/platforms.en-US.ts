import type { TranslationOf } from '../locale.ts';
import type { platformsZh } from './platforms.ts';

/** The en-US texts of platforms.ts, key for key (a missing one fails the type check). */
export const platformsEn: TranslationOf<typeof platformsZh> = {
  'enum.sendErrorCode.talent_excluded': 'Creator excluded by the platform',
  'enum.sendErrorCode.collaboration_conflict':
    'Creator already in another collaboration for the product',
  'enum.sendErrorCode.product_not_owned': 'Product not in this shop',
  'enum.sendErrorCode.sensitive_words': 'Sensitive words in the invitation',
  'enum.sendErrorCode.invalid_request': 'Request refused by the platform',
  'enum.sendErrorCode.rate_limited': 'Rate limited by the platform; resumes automatically',
  'enum.sendErrorCode.authorization_revoked': 'Shop authorization lost: reconnect the shop',
  'enum.sendErrorCode.authorization_scope_missing':
    'Shop authorization lacks a permission: reconnect the shop',
  'enum.sendErrorCode.platform_configuration':
    'Platform app misconfigured (signature refused): contact the administrator',
  'enum.sendErrorCode.shop_ineligible': 'Shop does not meet a platform requirement',
  'enum.sendErrorCode.talent_not_found': 'No creator with this handle on the platform',
  'enum.sendErrorCode.captcha_required': 'The platform asks for a captcha',

  'enum.platformActionKind.target_collaboration': 'Create target collaboration',
  'enum.platformActionKind.conversation': 'Start conversation and send messages',
  'enum.platformActionKind.collaboration_card': 'Send target collaboration card',
  'enum.platformActionKind.orien_plan': 'Create the 抖店 targeted plan',
  'enum.platformActionKind.activity_application': "Apply to the group leader's activity",
  'enum.platformActionKind.orien_plan_authors':
    'Add to the 抖店 targeted plan (up to 20 talents a call)',
  'enum.platformActionKind.tiktok_target_invitation': 'Target invitation page (browser)',
  'enum.platformActionKind.tiktok_partner_campaign': 'Partner campaign invitation (browser)',
  'enum.platformActionKind.tiktok_message': 'Seller center message (browser)',
  'enum.platformActionKind.buyin_batch_invitation': '百应 达人广场 batch invitation (browser)',
  'enum.platformActionKind.buyin_message': '百应 message (browser)',
  'enum.platformActionKind.buyin_activity_invitation': 'Group leader activity invitation (browser)',
  'enum.platformActionStatus.unknown': 'To reconcile',
  'enum.platformActionStatus.pending': 'Waiting',
  'enum.platformActionStatus.running': 'Running',
  'enum.platformActionStatus.succeeded': 'Succeeded',
  'enum.platformActionStatus.failed': 'Failed',
  'enum.channel.api': 'Platform Open API (run by the server)',
  'enum.channel.browser': 'Browser extension',
  'error.recordTaskTypeFixed':
    'This record is executed by the server through the platform API: its task type cannot change. Delete it and create a task of the new type',
  'sending.talentNotFound': 'No creator on the platform has the handle @{handle}',
  'sending.buyinIdMissing':
    'Talent {talent} has no 百应ID: a 抖店 targeted plan takes 百应IDs only; add it to the talent',
  'sending.notActivityLeader':
    '{talent} is not the group leader of the activity “{activity}” (the 百应ID differs): nothing was applied',
  'sending.activityNotOpen':
    'The activity “{activity}” of group leader {talent} is no longer open to this shop (ended, or not open to it)',
  'sending.activityPartlyApplied': '{applied} products applied; not applied: {refused}',
  'sending.creatorRemovedFromCall': 'Creator taken out of the call: {reason}',
  'shop.pause.quota':
    'The platform invitation quota is used up; resumes {resumesAt} (00:00 shop time, {timeZone})',
  'shop.pause.rateLimited': 'Rate limited by the platform; resumes {resumesAt}',
  'shop.pause.authorization':
    'Shop authorization lost or lacking a permission: reconnect the shop to resume; records keep waiting',
  'shop.pause.configuration':
    'Platform app misconfigured; retried {resumesAt} once an administrator fixes it',
  'shop.pause.ineligible': 'The shop does not meet a platform requirement; retried {resumesAt}',
  'shop.pause.login':
    "The platform sign-in in the extension's window has expired: sign in again there; it resumes by itself and waiting records do not fail",
  'shop.pause.captcha':
    "The platform asks for a captcha: complete it in the extension's window; it resumes by itself and waiting records do not fail",
  'shop.pause.tag': 'Paused',
  'shop.pause.title': "This shop's platform calls are paused",
  'page.stopped.title': "This task's browser execution is paused",
  'page.stopped.unverified':
    'The platform page flow for "{kind}" has not been verified on a live shop yet and does not run: records keep waiting and do not fail; the extension sends them once it is verified and started',
  'page.stopped.operator':
    'The platform page for "{kind}" changed and the operators stopped it: records keep waiting and do not fail; the extension sends them once it is fixed',
  'shop.pause.since': 'Paused since {since}',
  'shop.pause.reconnect': 'Reconnect on My Shops',
  'shop.pause.waiting': '{reason}; waiting records do not fail',
  'platform.answer.code': 'Platform code {code}',
  'platform.answer.requestId': 'Request ID: {requestId}',

  'message.platformAuthorizationLost.title': 'Shop authorization lost',
  'message.platformAuthorizationLost.subTitle': '{shopNames}',
  'message.platformAuthorizationLost.content':
    'The {platform} authorization of shop {shopNames} no longer works: {errorCode}. Its invitations are paused and their records keep waiting; reconnect the shop on My Shops and they resume.',

  'error.tiktokShopUnavailable':
    'TikTok Shop authorization is unavailable: the server has no TikTok Shop app configured',
  'error.platformUnavailable': 'TikTok Shop cannot be reached right now; please try again later',
  'success.tiktokShopConnectStarted': 'Opening the TikTok Shop authorization page',
  'error.doudianShopNotConnected':
    "This shop is not connected by 抖店's authorization, so its group leader activities cannot be read: connect 抖店 on My Shops first",
  'error.doudianReconnect':
    "The shop's 抖店 authorization has ended: authorize it again on My Shops, then try again",
  'error.doudianShopIneligible':
    "抖店 refused the shop's 精选联盟 (affiliate) operations: {reason}",
  'error.doudianActivitiesUnavailable':
    '抖店 cannot be reached right now, so the group leader activities could not be read; please try again later',
  'error.doudianUnavailable':
    '抖店 (Douyin Shop) authorization is unavailable: the server has no 抖店 open platform app configured',
  'success.doudianConnectStarted': 'Opening the 抖店 (Douyin Shop) authorization page',

  'enum.connectionStatus.active': 'Authorized',
  'enum.connectionStatus.expired': 'Authorization expired',
  'enum.connectionStatus.revoked': 'Authorization revoked',
};
