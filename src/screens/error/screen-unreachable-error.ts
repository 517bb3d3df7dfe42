/**
 * A screen's code could not be downloaded because the server cannot be
 * reached (offline, a dropped connection): thrown by the routes' lazy screens
 * (src/routes/lazy-screen.ts), shown by the root's error screen with the
 * network message and Try again. The member stays in the app and keeps the
 * session.
 */
export class ScreenUnreachableError extends Error {
  constructor(cause: unknown) {
    super('A screen could not be downloaded: the server cannot be reached', { cause });
    this.name = 'ScreenUnreachableError';
  }
}
