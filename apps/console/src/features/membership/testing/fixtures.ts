import type {
  MembershipInfo,
  MembershipOrder,
  MembershipOrderDetail,
  MembershipPlan,
} from '@inviteflow/contract';

export const plansEn: MembershipPlan[] = [
  {
    id: 'basic',
    name: 'Basic',
    price: 99,
    priceFen: 9_900,
    duration: 1,
    pricePerMonthFen: 9_900,
    features: ['Valid for 1 month', 'Bind up to 3 shops'],
    isRecommended: false,
    shopBindLimit: 3,
    dailyInvitationCap: 200,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 299,
    priceFen: 29_900,
    duration: 3,
    pricePerMonthFen: 9_967,
    features: ['Valid for 3 months', 'Bind up to 10 shops'],
    isRecommended: true,
    shopBindLimit: 10,
    dailyInvitationCap: 1_000,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 999,
    priceFen: 99_900,
    duration: 12,
    pricePerMonthFen: 8_325,
    features: ['Valid for 12 months', 'Bind up to 50 shops'],
    isRecommended: false,
    shopBindLimit: 50,
    dailyInvitationCap: 5_000,
  },
];

export const noMembership: MembershipInfo = {
  isActive: false,
  planId: null,
  planName: null,
  expireDate: null,
  shopBindLimit: 1,
  dailyInvitationCap: 20,
};

export const pendingOrder: MembershipOrder = {
  orderId: 'M20250308140509ABCDEF',
  planId: 'pro',
  planName: 'Pro',
  durationMonths: 3,
  originalPriceFen: 29_900,
  actualPriceFen: 29_900,
  paymentMethod: 'alipay',
  status: 'pending',
  createdAt: '2025-03-08T06:05:09.000Z',
  paidAt: null,
  expiresAt: '2025-03-08T06:35:09.000Z',
  cancelledAt: null,
};

export const paidOrder: MembershipOrder = {
  ...pendingOrder,
  orderId: 'M20250301100000ZYXWVU',
  planId: 'basic',
  planName: 'Basic',
  durationMonths: 1,
  originalPriceFen: 9_900,
  actualPriceFen: 9_900,
  status: 'paid',
  createdAt: '2025-03-01T02:00:00.000Z',
  paidAt: '2025-03-01T02:01:30.000Z',
};

export const paidDetail: MembershipOrderDetail = {
  ...paidOrder,
  gateway: 'sandbox',
  tradeNo: '2025030122001234567890',
  paidAmountFen: 9_900,
  buyerAccount: 'san***@sandbox.com',
  period: { startsAt: '2025-03-01T02:01:30.000Z', endsAt: '2025-04-01T02:01:30.000Z' },
  events: [
    {
      source: 'notify',
      signatureValid: true,
      tradeStatus: 'TRADE_SUCCESS',
      amountFen: 9_900,
      outcome: 'granted',
      createdAt: '2025-03-01T02:01:30.000Z',
    },
    {
      source: 'notify',
      signatureValid: true,
      tradeStatus: 'TRADE_SUCCESS',
      amountFen: 9_900,
      outcome: 'duplicate',
      createdAt: '2025-03-01T02:05:30.000Z',
    },
  ],
};
