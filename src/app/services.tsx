import { createContext, type ReactNode, use } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { MembershipMachine } from '../../machines/membership/membership.machine.ts';
import type { SessionMachine } from '../../machines/session/session.machine.ts';
import type { Language } from '../../machines/shared/domain.ts';
import type { Api } from '../api/api.ts';
import type { Namespace } from '../i18n/i18n.ts';
import type { SafeStorage } from '../lib/safe-storage.ts';
import type { AppConfig } from './env.ts';
import type { Flows } from './flows.ts';
import type { Inspect } from './inspector.ts';
import type { MembershipAccess } from './membership-access.ts';

export type SessionActor = ActorRefFrom<SessionMachine>;
export type MembershipActor = ActorRefFrom<MembershipMachine>;

export interface Logger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
}

/** Everything a screen may use, injected once at start (and faked in tests). */
export interface AppServices {
  api: Api;
  session: SessionActor;
  /** The membership, its statechart loaded on demand (never for a visitor's /login). */
  membership: MembershipAccess;
  logger: Logger;
  config: AppConfig;
  /** Local storage that never throws; `isPersistent()` is false when the browser blocks it. */
  storage: SafeStorage;
  /**
   * Replaces the screens' flows that useFlow otherwise composes from these
   * services on first use (flows.ts, which thus loads with the screens, not
   * at start-up): for a test that changes one flow's effects.
   */
  flows?: Flows;
  /** The member picked a language: saved to the profile when signed in. */
  chooseLanguage(language: Language): void;
  /** The texts a page shows, downloaded before it renders (rejects when they cannot be: texts.ts). */
  loadTexts(namespaces: readonly Namespace[]): Promise<void>;
  /** The Stately inspector, when inspection is on (development only). */
  inspect?: Inspect;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): AppServices {
  const services = use(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

/**
 * The membership actor, for a member page: the page's guard has created it
 * (the page suspends until then if it has not).
 */
export function useMembership(): MembershipActor {
  const { membership } = useServices();
  return membership.current() ?? use(membership.load());
}
