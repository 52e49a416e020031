import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { isLocale, locales } from '@inviteflow/contract';
import { changeLocale } from '@/lib/change-locale.ts';
import { useT } from '@/locale/index.ts';

/** The navbar's language menu. */
export function LanguageSwitch() {
  const { t, locale } = useT();
  return (
    <Dropdown
      trigger="click"
      position="br"
      droplist={
        <Menu
          selectedKeys={[locale]}
          onClickMenuItem={(key) => isLocale(key) && void changeLocale(key)}
        >
          {locales.map((item) => (
            <Menu.Item key={item}>{t(`locale.${item}`)}</Menu.Item>
          ))}
        </Menu>
      }
    >
      <Button
        shape="circle"
        icon={<IconLanguage />}
        aria-label={t('navbar.language')}
        title={t('navbar.language')}
      />
    </Dropdown>
  );
}
