export { InviteRewardPage } from './components/invite-reward-page.tsx';
