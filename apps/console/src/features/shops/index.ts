export { ShopListPage } from './components/shop-list-page.tsx';
