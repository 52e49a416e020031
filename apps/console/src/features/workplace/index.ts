export { WorkplacePage } from './components/workplace-page.tsx';
