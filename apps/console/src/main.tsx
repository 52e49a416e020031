import '@arco-design/web-react/dist/css/arco.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { loadLanguage } from './locale/language-pack.ts';
import { currentLocale } from './stores/locale-store.ts';
import { syncSettingsToDocument } from './stores/settings-store.ts';

syncSettingsToDocument();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// English texts load before the first paint of an English console (Chinese needs none).
void loadLanguage(currentLocale()).finally(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
