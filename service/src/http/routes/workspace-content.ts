import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { isActiveContent, isTextual } from '../../core/workspace/mime.js';
import type { WorkspaceItem } from '../../core/workspace/workspace-model.js';

/**
 * A Content-Disposition that is safe for any name: an ASCII fallback with nothing that could end
 * the quoted string, and the exact name percent-encoded (RFC 6266 / 8187) for clients that read it.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/gu, '_')
      .trim() || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Headers every workspace download carries: user content must never act on the hub's origin. */
function userContent(reply: FastifyReply): FastifyReply {
  return (
    reply
      .header('x-content-type-options', 'nosniff')
      // Even if a browser rendered the file as a document, it would get an opaque origin and no scripts.
      .header('content-security-policy', 'sandbox')
      .header('cross-origin-resource-policy', 'same-origin')
  );
}

/**
 * Sends a file's bytes with the type its name implies. Types a browser would run as a document
 * (HTML, SVG, XML, unknown) are attachments; the rest may be shown inline.
 */
export function sendWorkspaceFile(reply: FastifyReply, file: { item: WorkspaceItem; body: Buffer; etag: string }): FastifyReply {
  const type = file.item.mime_type ?? 'application/octet-stream';
  return userContent(reply)
    .type(isTextual(type) ? `${type}; charset=utf-8` : type)
    .header('etag', `"${file.etag}"`)
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', contentDisposition(isActiveContent(type) ? 'attachment' : 'inline', file.item.name))
    .send(file.body);
}

export function sendArchive(reply: FastifyReply, name: string, stream: Readable): FastifyReply {
  return (
    userContent(reply)
      .type('application/zip')
      // Built on every request and possibly large: nothing to revalidate, nothing to keep.
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('attachment', name))
      .send(stream)
  );
}
