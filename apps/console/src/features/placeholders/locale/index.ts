import { createUseT, defineMessages } from '@/locale/index.ts';

export const placeholderMessages = defineMessages(
  {
    'soon.badge': '即将上线',
    'soon.sent': '发送记录即将上线：在这里创建邀约任务，并查看每位达人的邀约结果。',
    'soon.shops': '店铺管理即将上线：在这里绑定店铺，查看绑定状态和下次可绑定时间。',
    'soon.purchase': '会员购买即将上线：在这里选择套餐并通过支付宝支付。',
    'soon.records': '购买记录即将上线：在这里查看订单、继续支付或取消订单。',
    'soon.invite': '邀请奖励即将上线：在这里获取邀请码和邀请链接，并查看邀请奖励。',
  },
  {
    'soon.badge': 'Coming soon',
    'soon.sent':
      'Send records arrive soon: create invitation tasks here and follow the result of every invitation.',
    'soon.shops': 'Shop management arrives soon: bind your shops here and see their bind status.',
    'soon.purchase': 'Membership purchase arrives soon: choose a plan here and pay with Alipay.',
    'soon.records': 'Purchase records arrive soon: see your orders, pay or cancel them here.',
    'soon.invite':
      'Invite rewards arrive soon: get your invitation code and link here and see your rewards.',
  },
);

export const usePlaceholderT = createUseT(placeholderMessages);
