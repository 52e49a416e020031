import type { ReactNode } from 'react';
import { LanguageToggle } from '@/components/language-toggle.tsx';
import { Logo } from '@/components/logo.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useT } from '@/locale/index.ts';
import { LoginBanner } from './login-banner.tsx';
import './auth.css';

/** The frame of the public pages: brand and slogans on the left, the form on the right. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <div className="auth-brand">
        <Logo size={28} />
        <span>{t('brand.name')}</span>
      </div>
      <aside className="auth-banner">
        <LoginBanner />
      </aside>
      <main className="auth-content">
        <div className="auth-tools">
          <LanguageToggle />
        </div>
        <div className="auth-form-wrapper">{children}</div>
        <footer className="auth-footer">
          {t('footer.copyright')} © {new Date().getFullYear()}
        </footer>
      </main>
    </div>
  );
}
