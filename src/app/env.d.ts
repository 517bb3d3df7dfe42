/// <reference types="vite/client" />

/**
 * The build-time settings (all optional), as Vite loads them for the build,
 * which checks them (deploy/build-config.ts) and hands the app their checked
 * values as `__APP_SETTINGS__` (src/app/env.ts).
 */
interface ImportMetaEnv {
  /** Absolute base URL of the Connect API; default `/api/` on the app's own origin. */
  readonly VITE_API_URL?: string;
  /** Stripe publishable key (`pk_…`); without it the built-in test payment provider is used. */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  readonly VITE_STORE_URL?: string;
  readonly VITE_SUPPORT_URL?: string;
  /** `1` starts the Stately inspector. */
  readonly VITE_INSPECT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
