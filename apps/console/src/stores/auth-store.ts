import type { LoginData, MeData, Role, StoredUserInfo } from '@inviteflow/contract';
import { create } from 'zustand';
import { sendLogout } from '@/lib/extension-bridge.ts';
import { sessionKeys, sessionStorageArea } from '@/lib/storage.ts';
import { useSettingsStore } from './settings-store.ts';
import { useTabBarStore } from './tab-bar-store.ts';

/** The profile the client keeps (spec section 3); the fields the product has no data for stay empty. */
export interface UserProfile {
  name: string;
  phone: string;
  registrationDate: string;
  /** The account id, as a string. */
  accountId: string;
  role: Role | '';
  avatar: string;
  job: string;
  jobName: string;
  organization: string;
  organizationName: string;
  location: string;
  locationName: string;
  email: string;
  introduction: string;
  personalWebsite: string;
  certification: string;
}

export const emptyProfile: UserProfile = {
  name: '',
  phone: '',
  registrationDate: '',
  accountId: '',
  role: '',
  avatar: '',
  job: '',
  jobName: '',
  organization: '',
  organizationName: '',
  location: '',
  locationName: '',
  email: '',
  introduction: '',
  personalWebsite: '',
  certification: '',
};

interface AuthState {
  /** The access token (the spec's stored `token`); the refresh token is an HttpOnly cookie. */
  token: string | null;
  accountId: string | null;
  userInfo: StoredUserInfo | null;
  profile: UserProfile;
  /** The account's time zone, from `me` (null until it answers): times are shown in it. */
  timeZone: string | null;
  /**
   * Stores a fresh login: access token, account id and user info. The extension gets its
   * own scoped token from the sign-in flow (lib/extension-handover.ts), never this one.
   */
  startSession: (data: LoginData, remember: boolean) => void;
  /** Stores the access token a refresh answered (the extension's token is renewed on its own). */
  setToken: (accessToken: string) => void;
  /** Completes the profile from `GET auth/me`. */
  applyMe: (me: MeData) => void;
  /** Local half of logout: storage, profile, extension, server menu, tabs and cached data. */
  endSession: () => void;
  /** Switch Roles: user ⇄ admin, on this client only. */
  switchRole: () => Role;
}

function profileFromUser(user: StoredUserInfo | null, role: Role | ''): UserProfile {
  if (!user) return { ...emptyProfile };
  return {
    ...emptyProfile,
    name: user.username,
    phone: user.phoneNumber,
    accountId: String(user.id),
    role,
  };
}

/**
 * The user info as this console stored it. It is held to the contract where it leaves the
 * console, on its way to the extension; here it only names the account until `me` answers.
 */
function readUserInfo(raw: string | null): StoredUserInfo | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as StoredUserInfo) : null;
  } catch {
    return null;
  }
}

function readSession() {
  const token = sessionStorageArea.read(sessionKeys.token);
  const userInfo = readUserInfo(sessionStorageArea.read(sessionKeys.userInfo));
  return {
    token,
    accountId: sessionStorageArea.read(sessionKeys.accountId),
    userInfo,
    // A stored session belongs to a real login, and a real login is always the user role.
    profile: profileFromUser(userInfo, token ? 'user' : ''),
    timeZone: null,
  };
}

// A refresh token an earlier version left in storage is not kept (it is a cookie now).
sessionStorageArea.dropLegacy();

export const useAuthStore = create<AuthState>((set, get) => ({
  ...readSession(),
  startSession: (data, remember) => {
    const userInfo: StoredUserInfo = data.user;
    sessionStorageArea.start(
      {
        token: data.access_token,
        accountId: String(data.user.id),
        userInfo: JSON.stringify(userInfo),
      },
      remember,
    );
    set({
      token: data.access_token,
      accountId: String(data.user.id),
      userInfo,
      profile: profileFromUser(userInfo, 'user'),
      timeZone: null,
    });
  },
  setToken: (accessToken) => {
    sessionStorageArea.update({ token: accessToken });
    set({ token: accessToken });
  },
  applyMe: (me) =>
    set((state) => ({
      timeZone: me.timeZone || null,
      profile: {
        ...state.profile,
        name: me.username,
        phone: me.phoneNumber,
        registrationDate: me.createdAt,
        accountId: String(me.id),
        role: state.profile.role || 'user',
      },
    })),
  endSession: () => {
    sessionStorageArea.clear();
    set({
      token: null,
      accountId: null,
      userInfo: null,
      profile: { ...emptyProfile },
      timeZone: null,
    });
    sendLogout();
    useSettingsStore.getState().clearServerMenu();
    useTabBarStore.getState().reset();
  },
  switchRole: () => {
    const role: Role = get().profile.role === 'admin' ? 'user' : 'admin';
    set((state) => ({ profile: { ...state.profile, role } }));
    return role;
  },
}));

/**
 * Keeps tabs of one remembered session in step (localStorage is shared, memory is not):
 * a refreshed access token is taken over, a logout elsewhere ends this tab's session too,
 * and a different account signing in elsewhere reloads this tab for that account.
 */
export function followOtherTabs(target: Window = window): () => void {
  const keys: string[] = Object.values(sessionKeys);
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== target.localStorage) return;
    if (event.key !== null && !keys.includes(event.key)) return;
    const current = useAuthStore.getState();
    const next = readSession();
    if (!next.token) {
      if (current.token) current.endSession();
      return;
    }
    if (current.accountId && next.accountId !== current.accountId) {
      target.location.reload();
      return;
    }
    if (next.token !== current.token) useAuthStore.setState({ token: next.token });
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
