import type { ReactNode } from 'react';
import { useAuthStore } from '@/stores/auth-store.ts';

/** The spec's text for a permission check without roles (section 6), kept word for word. */
export const PERMISSION_ROLES_ERROR = `need roles! Like v-permission="['admin','user']"`;

/**
 * Renders its children only for the listed roles: a non-empty list that lacks the user's
 * role removes them. A missing or empty list is a programming error and throws.
 */
export function Permission({
  roles,
  children,
}: {
  roles?: readonly string[];
  children: ReactNode;
}) {
  const role = useAuthStore((state) => state.profile.role);
  if (!roles || roles.length === 0) throw new Error(PERMISSION_ROLES_ERROR);
  return role !== '' && roles.includes(role) ? children : null;
}
