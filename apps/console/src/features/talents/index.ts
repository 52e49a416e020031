export { TalentSearchTablePage } from './components/talent-search-page.tsx';
export { TalentBlacklistPage } from './components/blacklist-page.tsx';
