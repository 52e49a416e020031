import { createUseT, defineTexts } from '@/locale/index.ts';

/**
 * Texts of the conversation drawer (issue 19), opened from the talent library and from a send
 * record. Server messages come from the contract's catalogue through `tCatalogue`.
 */
export const conversationTexts = defineTexts(
  {
    title: '与 {name} 的私信',
    titlePlain: '私信',
    shop: '店铺',
    empty: '还没有消息',
    none: '与该达人还没有会话',
    noneCanStart: '还没有会话：发送第一条消息即可在 TikTok Shop 发起会话',
    noneCannotStart:
      '还没有会话。私信需要通过授权连接的 TikTok Shop 店铺，以及达人的 Creator Open ID（先通过任务邀请一次即可获得）',
    startIntro:
      '还没有与该达人的会话。选择一个已授权私信的 TikTok Shop 店铺开启会话；达人回复前最多可发送 5 条消息',
    start: '开启会话',
    creator: '达人',
    seller: '我',
    awaiting: '达人在等你的回复（{time} 起）',
    unread: '{count} 条未读',
    left: '达人回复前还能发送 {count} 条消息',
    leftNone: '达人回复前最多发送 5 条消息，请等待达人回复',
    loadOlder: '查看更早的消息',
    typeText: '文本',
    typeProduct: '商品卡片',
    typeCollaboration: '合作邀请卡片',
    textPlaceholder: '输入要发送给达人的消息',
    productPlaceholder: '选择商品模板',
    collaborationPlaceholder: '选择定向合作（来自发送记录）',
    noCollaboration: '该达人在此店铺还没有定向合作',
    send: '发送',
    productCard: '商品卡片 · {id}',
    collaborationCard: '合作邀请卡片 · {id}',
    otherType: '[{type}]',
  },
  {
    title: 'Messages with {name}',
    titlePlain: 'Messages',
    shop: 'Shop',
    empty: 'No messages yet',
    none: 'No conversation with this talent yet',
    noneCanStart: 'No conversation yet: the first message opens one on TikTok Shop',
    noneCannotStart:
      "No conversation yet. Messages need a TikTok Shop shop connected by authorization and the talent's Creator Open ID (an invitation by a task gets it)",
    startIntro:
      'No conversation with this talent yet. Choose a TikTok Shop shop authorized for messages to open one; at most 5 messages before the creator replies',
    start: 'Open conversation',
    creator: 'Creator',
    seller: 'Me',
    awaiting: 'The creator is waiting for your answer (since {time})',
    unread: '{count} unread',
    left: '{count} more messages before the creator replies',
    leftNone: 'At most 5 messages before the creator replies: wait for the answer',
    loadOlder: 'Show older messages',
    typeText: 'Text',
    typeProduct: 'Product card',
    typeCollaboration: 'Collaboration card',
    textPlaceholder: 'Write to the creator',
    productPlaceholder: 'Choose a product template',
    collaborationPlaceholder: 'Choose a target collaboration (from send records)',
    noCollaboration: 'No target collaboration with this talent in this shop yet',
    send: 'Send',
    productCard: 'Product card · {id}',
    collaborationCard: 'Collaboration card · {id}',
    otherType: '[{type}]',
  },
);

export const useConversationT = createUseT(conversationTexts);
