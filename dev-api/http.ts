/**
 * HTTP plumbing of the stand-in: the error type and envelope, CORS headers,
 * and reading a request body with a size limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const BODY_LIMIT_BYTES = 100 * 1024;
/** Past this many bytes an oversized body is no longer drained but the socket is dropped. */
const DRAIN_LIMIT_BYTES = 10 * 1024 * 1024;

/** An error answered with the contract's envelope; `key` is a translation key. */
export class HttpError extends Error {
  readonly status: number;
  readonly key: string;
  readonly headers: Record<string, string>;

  constructor(status: number, key: string, headers: Record<string, string> = {}) {
    super(`${status} ${key}`);
    this.name = 'HttpError';
    this.status = status;
    this.key = key;
    this.headers = headers;
  }
}

/** The client went away before its body was read: nothing to answer. */
export class RequestAborted extends Error {
  constructor() {
    super('request aborted');
    this.name = 'RequestAborted';
  }
}

export const badRequest = (key = 'server.invalidRequest') => new HttpError(400, key);
export const unauthorized = () => new HttpError(401, 'server.unauthorized');
export const notFound = (key = 'server.notFound') => new HttpError(404, key);
export const forbidden = () => new HttpError(403, 'server.accessDenied');
export const conflict = (key: string) => new HttpError(409, key);

/** The body every error carries (docs/api.md, "Error envelope"). */
export function envelope(status: number, key: string) {
  return { statusCode: status, message: { message: key } };
}

export interface RouteResult {
  status: number;
  /** JSON body; omitted for 204 and other empty answers. */
  body?: unknown;
  headers?: Record<string, string>;
}

export function errorResult(error: HttpError): RouteResult {
  return { status: error.status, body: envelope(error.status, error.key), headers: error.headers };
}

/**
 * CORS headers for a request from an allowed browser origin (dev-api/access.ts
 * decides which); never a wildcard, never for the __dev helpers.
 */
export function applyCors(res: ServerResponse, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    'Authorization, Content-Type, X-App-Version, X-App-Name',
  );
  res.setHeader('Access-Control-Max-Age', '600');
}

export function sendResult(res: ServerResponse, result: RouteResult): void {
  if (res.headersSent || res.destroyed) return;
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
  if (result.body === undefined) {
    res.statusCode = result.status;
    res.end();
    return;
  }
  const text = JSON.stringify(result.body);
  res.statusCode = result.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * Reads the whole body as UTF-8 text. Past `limit` bytes it keeps draining (so
 * the client can read the answer) and then rejects with a 413 HttpError.
 */
export function readRawBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT_BYTES) {
        req.destroy();
        return;
      }
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new HttpError(413, 'server.payloadTooLarge'));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new RequestAborted());
    });
  });
}

export type ParsedBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'invalid'; raw: string };

export function parseBody(raw: string): ParsedBody {
  if (raw.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(raw) as unknown };
  } catch {
    return { kind: 'invalid', raw };
  }
}

/** The body as a JSON object, or a 400 `server.invalidRequest`. */
export function objectBody(body: ParsedBody): Record<string, unknown> {
  if (body.kind !== 'json') throw badRequest();
  const value = body.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest();
  return value as Record<string, unknown>;
}
