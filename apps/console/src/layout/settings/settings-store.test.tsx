import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsDrawer } from '@/layout/settings/settings-drawer.tsx';
import { renderPage, resetApp, signIn } from '@/test/helpers.tsx';
import {
  applySettingsToDocument,
  copySettings,
  defaultSettings,
  SETTINGS_STORAGE_KEY,
  settingsJson,
  useSettingsStore,
} from '@/stores/settings-store.ts';

beforeEach(() => resetApp('en-US'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.removeAttribute('style');
  document.body.removeAttribute('arco-theme');
});

describe('settings store', () => {
  it("starts from the spec's defaults", () => {
    expect(defaultSettings).toMatchObject({
      theme: 'light',
      navbar: true,
      menu: true,
      footer: true,
      menuWidth: 220,
      themeColor: '#165DFF',
      tabBar: false,
      menuFromServer: false,
      topMenu: false,
      colorWeak: false,
      device: 'desktop',
    });
    expect(useSettingsStore.getState()).toMatchObject(defaultSettings);
  });

  it('resets menuCollapse when the top menu is turned on', () => {
    useSettingsStore.getState().update({ menuCollapse: true });
    expect(useSettingsStore.getState().menuCollapse).toBe(true);
    useSettingsStore.getState().update({ topMenu: true });
    expect(useSettingsStore.getState()).toMatchObject({ topMenu: true, menuCollapse: false });
  });

  it('keeps the menu width within bounds', () => {
    useSettingsStore.getState().update({ menuWidth: 20 });
    expect(useSettingsStore.getState().menuWidth).toBe(160);
    useSettingsStore.getState().update({ menuWidth: 260 });
    expect(useSettingsStore.getState().menuWidth).toBe(260);
  });

  it('applies and removes the 80% invert filter for colour-weak mode', async () => {
    await applySettingsToDocument({ ...defaultSettings, colorWeak: true });
    expect(document.body.style.filter).toBe('invert(80%)');
    await applySettingsToDocument({ ...defaultSettings, colorWeak: false });
    expect(document.body.style.filter).toBe('');
  });

  it('switches the dark theme and paints a custom primary colour', async () => {
    await applySettingsToDocument({ ...defaultSettings, theme: 'dark', themeColor: '#722ED1' });
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(document.body.style.getPropertyValue('--arcoblue-6')).toMatch(/^\d+,\d+,\d+$/);
    await applySettingsToDocument(defaultSettings);
    expect(document.body.getAttribute('arco-theme')).toBeNull();
    expect(document.body.style.getPropertyValue('--arcoblue-6')).toBe('');
  });

  it('persists across reloads', async () => {
    useSettingsStore.getState().update({ tabBar: true, menuWidth: 300, colorWeak: true });
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toMatchObject({ tabBar: true, menuWidth: 300, colorWeak: true });
    // A reload: the store starts from defaults and reads what was saved.
    const saved = localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '';
    useSettingsStore.setState({ ...defaultSettings });
    localStorage.setItem(SETTINGS_STORAGE_KEY, saved);
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({
      tabBar: true,
      menuWidth: 300,
      colorWeak: true,
    });
  });

  it('ignores damaged stored values', async () => {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ state: { menuWidth: 'wide', theme: 'purple', navbar: false }, version: 1 }),
    );
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({
      menuWidth: 220,
      theme: 'light',
      navbar: false,
    });
  });

  it('copies the settings as formatted JSON', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    useSettingsStore.getState().update({ tabBar: true });
    await expect(copySettings()).resolves.toBe(true);
    const text = settingsJson();
    expect(writeText).toHaveBeenCalledWith(text);
    expect(text).toContain('\n  "tabBar": true');
    expect(JSON.parse(text)).toMatchObject({ ...defaultSettings, tabBar: true });
  });
});

describe('settings drawer', () => {
  it('is 300 wide, has every toggle, an 80 px menu width input, and copies with a message', async () => {
    signIn();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    useSettingsStore.getState().update({ globalSettings: true });
    renderPage(<SettingsDrawer />);
    await screen.findByText('Settings');
    expect(document.querySelector('.arco-drawer')).toHaveStyle({ width: '300px' });
    for (const label of [
      'Navbar',
      'Menu',
      'Top Menu',
      'Tab Bar',
      'Footer',
      'Color Weak',
      'Menu From Server',
    ]) {
      expect(screen.getByRole('switch', { name: label })).toBeInTheDocument();
    }
    const width = screen.getByRole('spinbutton', { name: 'Menu Width (px)' });
    expect(width.closest('.arco-input-number')).toHaveStyle({ width: '80px' });

    fireEvent.click(screen.getByRole('switch', { name: 'Tab Bar' }));
    expect(useSettingsStore.getState().tabBar).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Color Weak' }));
    expect(useSettingsStore.getState().colorWeak).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Copy Settings' }));
    expect(await screen.findByText('Settings copied to the clipboard as JSON')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(settingsJson());

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(useSettingsStore.getState().globalSettings).toBe(false));
  });
});
