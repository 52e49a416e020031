import { inboxEvents, type InboxEventKind, type InboxEventParams } from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { inboxMessages } from './schema.ts';

/**
 * Puts an event's message in a seller's message box, once: a second call with the
 * same `dedupeKey` (a repeated notification, a job that runs again, another
 * replica) changes nothing. Call it inside the transaction that makes the event
 * true, so the message exists exactly when the event does. The words are chosen
 * when the message is read, in the reader's language, from `kind` and `params`.
 */
export async function postInboxMessage<K extends InboxEventKind>(
  db: Executor,
  message: {
    userId: number;
    kind: K;
    params: InboxEventParams[K];
    dedupeKey: string;
  },
): Promise<boolean> {
  const event = inboxEvents[message.kind];
  const inserted = await db
    .insert(inboxMessages)
    .values({
      userId: message.userId,
      type: event.type,
      kind: message.kind,
      params: message.params as unknown as Record<string, string | number>,
      messageType: event.messageType,
      dedupeKey: message.dedupeKey,
    })
    .onConflictDoNothing({ target: [inboxMessages.userId, inboxMessages.dedupeKey] })
    .returning({ id: inboxMessages.id });
  return inserted.length > 0;
}
