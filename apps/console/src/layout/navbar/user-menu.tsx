import { Avatar, Dropdown, Menu, Message } from '@arco-design/web-react';
import { IconPoweroff, IconSettings, IconSwap, IconUser } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router';
import { signOut } from '@/lib/session.ts';
import { useT } from '@/locale/index.ts';
import { useAuthStore } from '@/stores/auth-store.ts';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

type Action = 'switchRoles' | 'userCenter' | 'userSettings' | 'logout';

/** The avatar's menu (spec: Switch Roles, User Center, User Settings, Logout). */
export function UserMenu() {
  const { t } = useT();
  const navigate = useNavigate();
  const name = useAuthStore((state) => state.profile.name);

  const onAction = (action: Action) => {
    switch (action) {
      case 'switchRoles': {
        const role = useAuthStore.getState().switchRole();
        Message.success(t('navbar.roleSwitched', { role: t(`role.${role}`) }));
        return;
      }
      case 'userCenter':
        void navigate('/user/info');
        return;
      case 'userSettings':
        void navigate('/user/change-password');
        return;
      case 'logout':
        // Once the token is gone the guard sends the user to /login with this route as redirect.
        void signOut();
        return;
    }
  };

  return (
    <Dropdown
      trigger="click"
      position="br"
      droplist={
        <Menu onClickMenuItem={(key) => onAction(key as Action)}>
          <Menu.Item key="switchRoles">
            <IconSwap className="dropdown-icon" />
            {t('navbar.switchRoles')}
          </Menu.Item>
          <Menu.Item key="userCenter">
            <IconUser className="dropdown-icon" />
            {t('navbar.userCenter')}
          </Menu.Item>
          <Menu.Item key="userSettings">
            <IconSettings className="dropdown-icon" />
            {t('navbar.userSettings')}
          </Menu.Item>
          <Menu.Item key="logout">
            <IconPoweroff className="dropdown-icon" />
            {t('navbar.logout')}
          </Menu.Item>
        </Menu>
      }
    >
      <button type="button" className="navbar-avatar-button" aria-label={name}>
        <Avatar size={32} className="navbar-avatar">
          {(name || '?').slice(0, 1).toUpperCase()}
        </Avatar>
      </button>
    </Dropdown>
  );
}
