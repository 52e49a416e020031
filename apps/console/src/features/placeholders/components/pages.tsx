import { ComingSoonPage } from './coming-soon-page.tsx';

export function SentSearchTablePage() {
  return <ComingSoonPage title="menu.sent.searchTable" description="soon.sent" />;
}

export function ShopListPage() {
  return <ComingSoonPage title="menu.shop.list" description="soon.shops" />;
}

export function MembershipPurchasePage() {
  return <ComingSoonPage title="menu.membership.purchase" description="soon.purchase" />;
}

export function MembershipRecordsPage() {
  return <ComingSoonPage title="menu.membership.records" description="soon.records" />;
}

export function InviteRewardPage() {
  return <ComingSoonPage title="menu.invite.reward" description="soon.invite" />;
}
