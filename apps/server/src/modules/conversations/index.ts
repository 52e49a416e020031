/**
 * What other modules may use of conversations (issue 18: a module is reached only through its
 * index.ts): the platform sync stores what it reads here, and app.ts fills the port that sends.
 */
export {
  ConversationPlatformError,
  storedMessages,
  storeRead,
  type ConversationPlatform,
  type ReadMessage,
} from './service.ts';
export { conversationRoutes } from './routes.ts';
