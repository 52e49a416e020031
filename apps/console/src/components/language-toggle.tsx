import { Button } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { changeLocale } from '@/lib/change-locale.ts';
import { useT } from '@/locale/index.ts';

/**
 * The public pages' language button: with two languages a toggle says it all, and it keeps
 * Arco's Menu and Dropdown out of the login page's download.
 */
export function LanguageToggle() {
  const { t, locale } = useT();
  const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button
      type="text"
      icon={<IconLanguage />}
      onClick={() => void changeLocale(other)}
      title={t('navbar.language')}
    >
      {t(`locale.${other}`)}
    </Button>
  );
}
