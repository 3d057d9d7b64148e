import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { HubSettings } from '../../config/settings.js';
import { SESSION_COOKIE } from './authenticate.js';

/**
 * HttpOnly, SameSite=Lax, and Secure whenever the hub is served over https. Its path is the hub's
 * base (`/notebooks/` behind a proxy under a path), so other applications on the same host never
 * receive it.
 */
export function setSessionCookie(reply: FastifyReply, value: string, settings: HubSettings): void {
  void reply.setCookie(SESSION_COOKIE, value, {
    path: `${settings.basePath}/`,
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.publicUrl?.startsWith('https:') ?? false,
    maxAge: settings.auth.loginSessionHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: HubSettings): void {
  void reply.clearCookie(SESSION_COOKIE, {
    path: `${settings.basePath}/`,
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.publicUrl?.startsWith('https:') ?? false,
  });
}

/**
 * Where to send the browser after login: only a path on this hub, never another site
 * (`//evil.example`, `/\evil.example` and absolute URLs are all replaced by `/`).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.length > 2048 || [...value].some((char) => char.charCodeAt(0) < 0x20 || char === '\x7f' || char === '\\')) return '/';
  return value;
}
