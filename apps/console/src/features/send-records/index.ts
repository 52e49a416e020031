export { SentSearchTablePage } from './components/sent-search-page.tsx';
