import {
  Alert,
  Button,
  Drawer,
  Empty,
  Input,
  Message,
  Radio,
  Select,
  Spin,
  Tag,
  Typography,
} from '@arco-design/web-react';
import {
  CONVERSATION_MESSAGES_PAGE_MAX,
  CONVERSATION_TEXT_MAX,
  conversationMessageInput,
  issueMessage,
  type ConversationCollaboration,
  type ConversationData,
  type ConversationMessageData,
  type ConversationSendType,
  type ConversationStartShop,
} from '@inviteflow/contract';
import { useEffect, useRef, useState } from 'react';
import { LoadFailed } from '@/components/list-empty.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { tCatalogue } from '@/locale/index.ts';
import {
  CONVERSATION_PAGE,
  useConversation,
  useConversationMessages,
  useMarkConversationRead,
  useProductTemplates,
  useRecordConversation,
  useSendMessage,
  useStartConversation,
  useTalentConversations,
  type SendTarget,
} from './api.ts';
import { useConversationT } from './texts.ts';
import './conversations.css';

/**
 * What the drawer is opened on: a talent (its conversations), a send record (its one), or one
 * conversation (a creator's reply Todo in the message box; no name: the drawer shows its handle).
 */
export type ConversationSubject =
  | { kind: 'talent'; talentId: number; name: string }
  | { kind: 'record'; recordId: number; name: string }
  | { kind: 'conversation'; conversationId: number; name?: string };

/**
 * A talent's conversation with a shop (issue 19): the messages, oldest first, and a composer
 * for a text, a product card (a product template) or a collaboration card (a send record's
 * target collaboration), within the platform's limits (the contract's text length; at most 5
 * messages before the creator first answers). Opening it marks the conversation read.
 */
export function ConversationDrawer({
  subject,
  onClose,
}: {
  subject: ConversationSubject | null;
  onClose: () => void;
}) {
  const { t } = useConversationT();
  return (
    <Drawer
      title={subject?.name ? t('title', { name: subject.name }) : t('titlePlain')}
      visible={subject !== null}
      width={600}
      footer={null}
      onCancel={onClose}
      unmountOnExit
      className="conversation-drawer"
    >
      {subject?.kind === 'talent' && <TalentConversation talentId={subject.talentId} />}
      {subject?.kind === 'record' && <RecordConversationView recordId={subject.recordId} />}
      {subject?.kind === 'conversation' && <OneConversation id={subject.conversationId} />}
    </Drawer>
  );
}

function TalentConversation({ talentId }: { talentId: number }) {
  const { t } = useConversationT();
  const query = useTalentConversations(talentId);
  const [picked, setPicked] = useState<number | null>(null);
  if (query.isError) {
    return <LoadFailed load={query} />;
  }
  if (!query.data) return <Loading />;
  const { list, collaborations, hasRecords, startShops } = query.data;
  if (!list.length) {
    // A talent invited by a task has its conversations from the invitations (as before).
    if (hasRecords) return <Empty description={t('none')} />;
    if (!startShops.length) return <Alert type="info" content={t('noneCannotStart')} />;
    return <StartConversation talentId={talentId} shops={startShops} />;
  }
  const conversation = list.find((c) => c.id === picked) ?? list[0]!;
  return (
    <>
      {list.length > 1 && (
        <div className="conversation-shop">
          <Typography.Text type="secondary">{t('shop')}</Typography.Text>
          <Select
            value={conversation.id}
            onChange={(value: number) => setPicked(value)}
            options={list.map((c) => ({ label: c.shopName, value: c.id }))}
          />
        </div>
      )}
      <ConversationView
        conversation={conversation}
        target={{ conversationId: conversation.id }}
        collaborations={collaborations.filter((c) => c.shopId === conversation.shopId)}
      />
    </>
  );
}

/**
 * A talent with no send record and no conversation: the seller picks one of the shops the
 * platform can open a conversation in (TikTok Shop, authorized with IM), and the conversation
 * opens there (no message is sent: the platform's 5 messages before a reply are all left).
 */
function StartConversation({
  talentId,
  shops,
}: {
  talentId: number;
  shops: ConversationStartShop[];
}) {
  const { t } = useConversationT();
  const [shopId, setShopId] = useState<number>(shops[0]!.shopId);
  const start = useStartConversation();
  return (
    <div className="conversation-start">
      <Alert type="info" content={t('startIntro')} />
      <div className="conversation-shop">
        <Typography.Text type="secondary">{t('shop')}</Typography.Text>
        <Select
          aria-label={t('shop')}
          value={shopId}
          onChange={(value: number) => setShopId(value)}
          options={shops.map((shop) => ({
            label: shop.platformRegion
              ? `${shop.shopName} · ${shop.platformRegion}`
              : shop.shopName,
            value: shop.shopId,
          }))}
        />
      </div>
      <div className="conversation-actions">
        <Button
          type="primary"
          loading={start.isPending}
          // A failure is shown by the request layer; the choice stays to try again.
          onClick={() => start.mutate({ talentId, shopId })}
        >
          {t('start')}
        </Button>
      </div>
    </div>
  );
}

function OneConversation({ id }: { id: number }) {
  const query = useConversation(id);
  if (query.isError) {
    return <LoadFailed load={query} />;
  }
  if (!query.data) return <Loading />;
  return (
    <ConversationView
      conversation={query.data.conversation}
      target={{ conversationId: id }}
      collaborations={query.data.collaborations}
    />
  );
}

function RecordConversationView({ recordId }: { recordId: number }) {
  const { t } = useConversationT();
  const query = useRecordConversation(recordId);
  if (query.isError) {
    return <LoadFailed load={query} />;
  }
  if (!query.data) return <Loading />;
  const data = query.data;
  if (data.conversation) {
    return (
      <ConversationView
        conversation={data.conversation}
        target={{ conversationId: data.conversation.id }}
        collaborations={data.collaborations}
      />
    );
  }
  if (!data.canStart || data.talentId === null) {
    return <Alert type="info" content={t('noneCannotStart')} />;
  }
  return (
    <>
      <Alert type="info" content={t('noneCanStart')} />
      <Composer
        target={{ talentId: data.talentId, shopId: data.shopId }}
        collaborations={data.collaborations}
        left={null}
      />
    </>
  );
}

function Loading() {
  return (
    <div className="conversation-loading">
      <Spin />
    </div>
  );
}

function ConversationView({
  conversation,
  target,
  collaborations,
}: {
  conversation: ConversationData;
  target: SendTarget;
  collaborations: ConversationCollaboration[];
}) {
  const { t, locale } = useConversationT();
  const [pageSize, setPageSize] = useState(CONVERSATION_PAGE);
  const messages = useConversationMessages(conversation.id, pageSize);
  const markRead = useMarkConversationRead();
  const marked = useRef(new Set<number>());
  const unread = conversation.unreadCount;
  const { mutate } = markRead;
  // Opening the conversation reads it (here and on the platform), once per conversation.
  useEffect(() => {
    if (unread > 0 && !marked.current.has(conversation.id)) {
      marked.current.add(conversation.id);
      mutate(conversation.id);
    }
  }, [conversation.id, unread, mutate]);

  return (
    <div className="conversation">
      <div className="conversation-status">
        <Typography.Text type="secondary">{conversation.shopName}</Typography.Text>
        {conversation.creatorUsername && <Tag>@{conversation.creatorUsername}</Tag>}
        {unread > 0 && <Tag color="red">{t('unread', { count: unread })}</Tag>}
      </div>
      {conversation.awaitingReplySince && (
        <Alert
          type="warning"
          className="conversation-awaiting"
          content={t('awaiting', {
            time: formatDateTime(conversation.awaitingReplySince, locale),
          })}
        />
      )}
      <div className="conversation-messages">
        {messages.isError ? (
          <LoadFailed load={messages} />
        ) : !messages.data ? (
          <Loading />
        ) : messages.data.list.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <>
            {messages.data.hasMore && pageSize < CONVERSATION_MESSAGES_PAGE_MAX && (
              <Button
                type="text"
                size="small"
                onClick={() =>
                  setPageSize(
                    Math.min(pageSize + CONVERSATION_PAGE, CONVERSATION_MESSAGES_PAGE_MAX),
                  )
                }
              >
                {t('loadOlder')}
              </Button>
            )}
            {messages.data.list.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
          </>
        )}
      </div>
      <Composer
        target={target}
        collaborations={collaborations}
        left={conversation.sellerMessagesLeft}
      />
    </div>
  );
}

function MessageBubble({ message }: { message: ConversationMessageData }) {
  const { t, locale } = useConversationT();
  const body =
    message.text ??
    (message.productId
      ? t('productCard', { id: message.productId })
      : message.targetCollaborationId
        ? t('collaborationCard', { id: message.targetCollaborationId })
        : t('otherType', { type: message.type }));
  return (
    <div className={`conversation-message conversation-message-${message.sender}`}>
      <div className="conversation-meta">
        {message.sender === 'creator' ? t('creator') : t('seller')} ·{' '}
        {formatDateTime(message.sentAt, locale)}
      </div>
      <div className="conversation-bubble">{body}</div>
    </div>
  );
}

function Composer({
  target,
  collaborations,
  left,
}: {
  target: SendTarget;
  collaborations: ConversationCollaboration[];
  /** Messages the platform still takes before the creator answers (null: no limit). */
  left: number | null;
}) {
  const { t, locale } = useConversationT();
  const [type, setType] = useState<ConversationSendType>('TEXT');
  const [text, setText] = useState('');
  const [productTemplateId, setProductTemplateId] = useState<number | undefined>();
  const [recordId, setRecordId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const products = useProductTemplates(keyword, type === 'PRODUCT_CARD');
  const send = useSendMessage();
  const blocked = left !== null && left <= 0;

  const submit = async () => {
    const input =
      type === 'TEXT'
        ? { type, text }
        : type === 'PRODUCT_CARD'
          ? { type, productTemplateId }
          : { type, recordId };
    const parsed = conversationMessageInput.safeParse(input);
    if (!parsed.success) {
      setError(issueMessage(locale, parsed.error.issues[0]!));
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({ target, message: parsed.data });
      Message.success(tCatalogue('success.conversationMessageSent'));
      setText('');
    } catch {
      // Shown by the request layer; the message stays to try again.
    }
  };

  return (
    <div className="conversation-composer">
      {left !== null && (
        <Typography.Text type={blocked ? 'error' : 'secondary'} className="conversation-left">
          {blocked ? t('leftNone') : t('left', { count: left })}
        </Typography.Text>
      )}
      <Radio.Group
        type="button"
        size="small"
        value={type}
        onChange={(value: ConversationSendType) => {
          setType(value);
          setError(null);
        }}
      >
        <Radio value="TEXT">{t('typeText')}</Radio>
        <Radio value="PRODUCT_CARD">{t('typeProduct')}</Radio>
        <Radio value="TARGET_COLLABORATION_CARD">{t('typeCollaboration')}</Radio>
      </Radio.Group>
      {type === 'TEXT' && (
        <Input.TextArea
          value={text}
          onChange={setText}
          placeholder={t('textPlaceholder')}
          maxLength={CONVERSATION_TEXT_MAX}
          showWordLimit
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      )}
      {type === 'PRODUCT_CARD' && (
        <Select
          showSearch
          allowClear
          filterOption={false}
          onSearch={setKeyword}
          loading={products.isFetching}
          value={productTemplateId}
          onChange={(value?: number) => setProductTemplateId(value)}
          placeholder={t('productPlaceholder')}
          options={(products.data?.list ?? []).map((p) => ({
            label: `${p.productName} · ${p.productId}`,
            value: p.id,
          }))}
        />
      )}
      {type === 'TARGET_COLLABORATION_CARD' &&
        (collaborations.length === 0 ? (
          <Typography.Text type="secondary">{t('noCollaboration')}</Typography.Text>
        ) : (
          <Select
            allowClear
            value={recordId}
            onChange={(value?: number) => setRecordId(value)}
            placeholder={t('collaborationPlaceholder')}
            options={collaborations.map((c) => ({
              label: `${c.targetCollaborationId} · ${formatDateTime(c.createdAt, locale)}`,
              value: c.recordId,
            }))}
          />
        ))}
      {error && (
        <Typography.Text type="error" className="conversation-error">
          {error}
        </Typography.Text>
      )}
      <div className="conversation-actions">
        <Button
          type="primary"
          loading={send.isPending}
          disabled={blocked}
          onClick={() => void submit()}
        >
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
