import { createUseT, defineTexts } from '@/locale/index.ts';

export const messageCenterMessages = defineTexts(
  {
    'center.intro':
      '付款、会员到期、邀请奖励、任务失败和店铺绑定失效等事件都会在这里通知您。点击消息即标记为已读。',
    'center.all': '全部',
    'center.status': '状态',
    'center.unread': '未读',
    'center.read': '已读',
    'center.date': '时间',
    'center.markTabRead': '本页签全部已读',
    'center.markAllRead': '全部已读',
  },
  {
    'center.intro':
      'Payments, membership expiry, invite rewards, failed tasks and expired shop bindings are announced here. Clicking a message marks it read.',
    'center.all': 'All',
    'center.status': 'Status',
    'center.unread': 'Unread',
    'center.read': 'Read',
    'center.date': 'Time',
    'center.markTabRead': 'Mark this tab read',
    'center.markAllRead': 'All Read',
  },
);

export const useMessageCenterT = createUseT(messageCenterMessages);
