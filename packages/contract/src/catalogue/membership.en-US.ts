import type { TranslationOf } from '../locale.ts';
import type { membershipZh } from './membership.ts';

/** The en-US texts of membership.ts, key for key (a missing one fails the type check). */
export const membershipEn: TranslationOf<typeof membershipZh> = {
  'field.planId': 'Plan',
  'field.paymentMethod': 'Payment method',
  'field.orderNo': 'Order number',
  'field.type': 'Type',
  'validation.planInvalid': 'Please choose a plan',
  'validation.paymentMethodInvalid': 'Please choose a payment method (only Alipay for now)',
  'validation.orderStatusInvalid': 'The order status is invalid',

  'plan.none': 'Free',
  'plan.basic': 'Basic',
  'plan.pro': 'Pro',
  'plan.enterprise': 'Enterprise',
  'plan.feature.shops': 'Bind up to {count, plural, one {# shop} other {# shops}}',
  'plan.feature.invitations':
    'Create up to {count, plural, one {# invitation} other {# invitations}} a day',
  'plan.feature.duration': 'Valid for {months, plural, one {# month} other {# months}}',
  'plan.feature.durationOne': 'Valid for 1 month',
  'plan.feature.library': 'Unlimited talent library, blacklist, import and export',
  'order.subject':
    'InviteFlow {plan} membership ({months, plural, one {# month} other {# months}})',
  'order.subjectOneMonth': 'InviteFlow {plan} membership (1 month)',

  'error.orderNotPending': 'Only an order pending payment can be {action}; this order is {status}',
  'order.action.pay': 'paid',
  'order.action.cancel': 'cancelled',
  'order.status.pending': 'pending payment',
  'order.status.paid': 'paid',
  'order.status.expired': 'expired',
  'order.status.cancelled': 'cancelled',
  'success.orderCreated': 'Order created, please complete the payment',
  'success.orderCancelled': 'Order cancelled',
  'success.markedRead': 'Marked as read',

  'message.paymentSucceeded.title': 'Payment succeeded',
  'message.paymentSucceeded.subTitle': '{plan} membership',
  'message.paymentSucceeded.content':
    'Order {orderNo} is paid. Your {plan} membership is valid until {validTo}.',
  'message.membershipExpiring.title': 'Membership expiring soon',
  'message.membershipExpiring.subTitle': '{plan} membership',
  'message.membershipExpiring.content':
    'Your {plan} membership expires on {validTo}. Renew now: the new plan starts when the current one ends, so no day is lost.',
  'message.membershipExpired.title': 'Membership expired',
  'message.membershipExpired.subTitle': '{plan} membership',
  'message.membershipExpired.content':
    'Your {plan} membership expired on {expiredAt}. Shop binding and daily invitations are back to the free allowance.',
  'message.inviteRewardGranted.title': 'Invite reward granted',
  'message.inviteRewardGranted.subTitle': 'Friend {invitee}',
  'message.inviteRewardGranted.content':
    'Your friend {invitee} made a first payment: you earned {days} days of membership, now valid until {validTo}.',
  'message.taskBatchFailed.title': 'Invitation task failed',
  'message.taskBatchFailed.subTitle': '{setName}',
  'message.taskBatchFailed.content':
    'In task "{setName}" (shop {shopName}), {failed} of {total, plural, one {# invitation} other {# invitations}} failed. See the reasons in Send Records.',
  'message.shopBindExpired.title': 'Shop binding expired',
  'message.shopBindExpired.subTitle': '{shopName}',
  'message.shopBindExpired.content':
    'The binding of shop {shopName} ({platform}) has expired. Bind it again to keep inviting.',
  'message.shopClaimedInSellerCenter.title': 'Shop bound from its seller center',
  'message.shopClaimedInSellerCenter.subTitle': '{shopName}',
  'message.shopClaimedInSellerCenter.content':
    'Shop {shopName} ({platform}) was bound by an account signed in to its seller center, so your binding, added by hand, has ended. If the shop is yours, open its seller center with the InviteFlow extension to bind it again.',

  'sandbox.title': 'Alipay Sandbox Checkout',
  'sandbox.badge': 'SANDBOX',
  'sandbox.notice':
    'This is the built-in sandbox payment gateway, for trying and testing only. No real money is charged.',
  'sandbox.orderNo': 'Merchant order number',
  'sandbox.subject': 'Item',
  'sandbox.amount': 'Amount due',
  'sandbox.merchant': 'Merchant',
  'sandbox.pay': 'Pay',
  'sandbox.cancel': 'Cancel and return to the merchant',
  'sandbox.paid': 'This order has been paid',
  'sandbox.closed': 'This trade is closed (the order expired or was cancelled) and cannot be paid',
  'sandbox.invalidRequest': 'Invalid payment request: {reason}',
  'sandbox.reason.signature': 'the signature does not verify',
  'sandbox.reason.params': 'a required parameter is missing or wrong',
  'sandbox.reason.tradeNotFound': 'the trade does not exist',
  'sandbox.backToMerchant': 'Back to the merchant',
};
