import {
  IconApps,
  IconFile,
  IconFire,
  IconGift,
  IconQuestionCircle,
  IconSend,
  IconUser,
  IconUserGroup,
} from '@arco-design/web-react/icon';
import type { MenuIcon as MenuIconName } from '@inviteflow/contract';
import type { ComponentType } from 'react';

/** The contract's icon names (spec: send, file, apps, user-group, fire, user, gift) as Arco icons. */
const icons: Record<MenuIconName, ComponentType> = {
  send: IconSend,
  file: IconFile,
  apps: IconApps,
  'user-group': IconUserGroup,
  fire: IconFire,
  user: IconUser,
  gift: IconGift,
  question: IconQuestionCircle,
};

export function MenuIcon({ name }: { name: MenuIconName | undefined }) {
  if (!name) return null;
  const Icon = icons[name];
  return <Icon />;
}
