import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  ACTIVATION_DEVICE_COOKIE,
  ACTIVATION_DEVICE_LIFETIME_SECONDS,
  issueActivationMarker,
} from '../../accounts/activation-device.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_LIFETIME_SECONDS, issueDeviceToken } from '../../accounts/device-cookies.ts';
import { env } from '../../env.ts';
import { API_PATHS } from './paths.ts';

/** Whether cookies must be `Secure`: the shop is served over https (directly or behind a proxy). */
const secure = (c: Context) => new URL(c.req.url).protocol === 'https:' || env.SITE_URL.startsWith('https:');

/** The device cookie the request came with (only the login route's path receives it). */
export const deviceCookie = (c: Context): string | undefined => getCookie(c, DEVICE_COOKIE);

/** Marks the browser as one that signed in with `email` (a new token on every login). */
export async function rememberDevice(c: Context, email: string): Promise<void> {
  setCookie(c, DEVICE_COOKIE, await issueDeviceToken(email), {
    path: API_PATHS.jwt,
    httpOnly: true,
    secure: secure(c),
    sameSite: 'Lax',
    maxAge: DEVICE_COOKIE_LIFETIME_SECONDS,
  });
}

/** Marks the browser that has just registered account `userId`: activation from it signs in (`activation-device.ts`). */
export async function markRegisteringBrowser(c: Context, userId: number): Promise<void> {
  setCookie(c, ACTIVATION_DEVICE_COOKIE, await issueActivationMarker(userId), {
    path: API_PATHS.activation,
    httpOnly: true,
    secure: secure(c),
    sameSite: 'Strict',
    maxAge: ACTIVATION_DEVICE_LIFETIME_SECONDS,
  });
}

/** The registering browser's marker the activation request came with. */
export const activationMarker = (c: Context): string | undefined => getCookie(c, ACTIVATION_DEVICE_COOKIE);

/** Spends the marker: an account is activated once. */
export function clearActivationMarker(c: Context): void {
  deleteCookie(c, ACTIVATION_DEVICE_COOKIE, { path: API_PATHS.activation, secure: secure(c), sameSite: 'Strict' });
}
