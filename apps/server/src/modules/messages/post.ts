import {
  messageEvents,
  type MessageEventKind,
  type MessageEventParams,
} from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { messageRepository } from './repository.ts';

/**
 * Puts an event's message in a seller's message box, once: a second call with the
 * same `dedupeKey` (a repeated notification, a job that runs again, another
 * replica) changes nothing. Call it inside the transaction that makes the event
 * true, so the message exists exactly when the event does. The words are chosen
 * when the message is read, in the reader's language, from `kind` and `params`.
 */
export async function postMessage<K extends MessageEventKind>(
  db: Executor,
  message: {
    userId: number;
    kind: K;
    params: MessageEventParams[K];
    dedupeKey: string;
  },
): Promise<boolean> {
  const event = messageEvents[message.kind];
  return messageRepository.insertOnce(db, {
    userId: message.userId,
    type: event.type,
    kind: message.kind,
    params: message.params as unknown as Record<string, string | number>,
    messageType: event.messageType,
    dedupeKey: message.dedupeKey,
  });
}

/**
 * Settles the Todos of an event whose cause is gone (the creator's reply was answered): the
 * account's unread messages of `kind` whose dedupe key starts with `keyPrefix` become read.
 */
export async function settleMessages(
  db: Executor,
  message: { userId: number; kind: MessageEventKind; keyPrefix: string; now: Date },
): Promise<number> {
  return messageRepository.markReadByKey(
    db,
    message.userId,
    message.kind,
    message.keyPrefix,
    message.now,
  );
}
