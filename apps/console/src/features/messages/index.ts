export { MessageCenterPage } from './components/message-center-page.tsx';
