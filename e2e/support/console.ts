import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { baseURL, screenshotsDir, smsCodeFromLog } from './server.ts';

/**
 * What the journeys share: the API as a script calls it (to set up a seller and their
 * data), signing in on the console as a person does, toasts and screenshots.
 */

/** A seller a spec makes for itself. */
export interface Seller {
  username: string;
  phoneNumber: string;
  password: string;
}

/** POSTs JSON to the API (with a token, when given) and answers the envelope's data. */
export async function api<T>(apiPath: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}${apiPath}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; message: string };
  if (!envelope.success) throw new Error(`${apiPath}: ${envelope.message}`);
  return envelope.data;
}

/** A GET of our API with the seller's token, its data. */
export async function apiGet<T>(apiPath: string, token: string): Promise<T> {
  const response = await fetch(`${baseURL}${apiPath}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: T }).data;
}

/** Registers the seller through the API, with the code from the server log, as in the terminal. */
export async function registerSeller(seller: Seller): Promise<void> {
  await api('/api/v1/auth/send-sms-code', { phoneNumber: seller.phoneNumber, purpose: 'register' });
  const code = await smsCodeFromLog(seller.phoneNumber);
  await api('/api/v1/auth/register', { ...seller, code, confirmPassword: seller.password });
}

/** The seller's access token, for setting up their data through the API. */
export async function accessToken(seller: Seller): Promise<string> {
  const login = await api<{ access_token: string }>('/api/v1/auth/login', {
    username: seller.username,
    password: seller.password,
  });
  return login.access_token;
}

/** Fills the login page already open and signs in: the console lands on the send records. */
export async function submitSignIn(
  page: Page,
  who: { username: string; password: string },
  zh = true,
) {
  await page.getByLabel(zh ? '用户名或手机号' : 'Username or phone number').fill(who.username);
  await page.getByLabel(zh ? '密码' : 'Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: zh ? '登录' : 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/sent\/search-table$/);
}

/** Opens the login page and signs in. */
export async function signIn(page: Page, who: { username: string; password: string }, zh = true) {
  await page.goto('/login');
  await submitSignIn(page, who, zh);
}

/** Arco's toast with this text (Message.success / Message.error). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.arco-message').filter({ hasText: text }).first();
}

/** Keeps a screenshot of the whole page in the artefacts. */
export async function shot(page: Page, name: string) {
  // Toasts of earlier steps would cover the screen; the picture is of the screen itself.
  // Transitions under way are taken at their end (no pause that a slow machine outlasts).
  await page.screenshot({
    path: path.join(screenshotsDir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    style: '.arco-message-wrapper { display: none !important; }',
  });
}

/**
 * Opens a page from the side menu. The group is unfolded only when Arco says it is folded
 * (aria-expanded on its header), never on a guess from a timed-out click: a click that
 * only ran late on a busy machine would otherwise fold an open group.
 */
export async function openMenu(page: Page, group: string, item: string) {
  const menu = page.locator('.arco-menu');
  const header = menu
    .locator('.arco-menu-inline-header')
    .filter({ has: page.getByText(group, { exact: true }) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  await menu.getByText(item, { exact: true }).click();
}
