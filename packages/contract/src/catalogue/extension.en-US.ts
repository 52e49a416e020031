import type { TranslationOf } from '../locale.ts';
import type { extensionZh } from './extension.ts';

/** The en-US texts of extension.ts, key for key (a missing one fails the type check). */
export const extensionEn: TranslationOf<typeof extensionZh> = {
  'error.extensionTokenScope':
    "The extension's token only works for the extension's shop and task calls",
  'error.browserLeaseLost':
    'This action is no longer held by this browser (its lease ended or another browser took it): the result was not saved',
  'error.browserActionNotUnknown': 'This action is not waiting to be reconciled',
  'error.pagePackAdminOnly': 'Only an operator (admin) can switch page packs',
  'error.tooManyBrowsers':
    '{max} browsers are connected already: revoke one in User Settings → Connected browsers first',
  'error.browserNotFound': 'No such connected browser',
  'success.browserRevoked': 'The browser was disconnected',
  'success.browserConnected': 'Browser connected',
  'success.browserActionReported': 'Result saved',
  'success.pagePackSwitched': 'Page pack switch updated',
  'success.shopResumed': "The shop's browser actions resume",
  'message.browserRunStopped.title': 'Browser run paused',
  'message.browserRunStopped.subTitle': '{shopName}',
  'message.browserRunStopped.content':
    "The extension stopped on shop {shopName}'s page: {reason}. The shop's browser actions are paused and records not sent stay pending; solve a captcha in the tab the extension opened, or sign in to the platform again, and the run goes on.",
  'enum.browserStopReason.page_changed':
    'The page does not match its page pack (changed, or not the page)',
  'enum.browserStopReason.login_expired': 'The platform login has expired',
  'enum.browserStopReason.quota_exceeded': "The platform's invitation quota is used up",
  'enum.browserStopReason.captcha': 'The platform asks for a captcha',
  'enum.browserStopReason.rate_limited': 'The platform asks to slow down',
};
