import { Layout } from '@arco-design/web-react';
import { useT } from '@/locale/index.ts';

export function AppFooter() {
  const { t } = useT();
  return (
    <Layout.Footer className="layout-footer">
      {t('footer.copyright')} © {new Date().getFullYear()}
    </Layout.Footer>
  );
}
