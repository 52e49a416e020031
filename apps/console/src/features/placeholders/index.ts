export {
  InviteRewardPage,
  MembershipPurchasePage,
  MembershipRecordsPage,
  SentSearchTablePage,
  ShopListPage,
} from './components/pages.tsx';
