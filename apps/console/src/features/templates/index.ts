export { ScriptTemplatesPage } from './components/script-templates-page.tsx';
export { ProductTemplatesPage } from './components/product-templates-page.tsx';
