export { MembershipPurchasePage } from './components/purchase-page.tsx';
export { MembershipRecordsPage } from './components/records-page.tsx';
export { MembershipResultPage } from './components/result-page.tsx';
