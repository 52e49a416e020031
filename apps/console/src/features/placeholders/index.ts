export {
  InviteRewardPage,
  MembershipPurchasePage,
  MembershipRecordsPage,
  SentSearchTablePage,
  ShopListPage,
  TalentBlacklistPage,
  TalentSearchTablePage,
} from './components/pages.tsx';
