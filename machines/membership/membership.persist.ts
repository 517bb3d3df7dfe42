import * as v from 'valibot';
import type { Membership } from '../shared/domain.ts';
import { toTime } from './derive-membership.ts';

/** The persisted copy's format under MEMBERSHIP_STORAGE_KEY: `{ "membership": {...} | null, "version": 1 }`. */
export const PERSIST_VERSION = 1;
/** How long the app waits for rehydration before it gives up (spec 9). */
export const REHYDRATE_TIMEOUT_MS = 5000;

/** A date the app wrote (the server's, checked): one that no date parser reads ('2099-99-99', 'yesterday') makes the copy corrupt. */
const nullableDate = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.check((value) => toTime(value) !== null),
    ),
  ),
  null,
);

const persistedMembershipSchema = v.object({
  _id: v.string(),
  id: v.string(),
  externalId: v.optional(v.string(), ''),
  validTo: nullableDate,
  cancelledAt: nullableDate,
  chargerOrderedAt: nullableDate,
});

const persistedEnvelopeSchema = v.object({
  version: v.literal(PERSIST_VERSION),
  membership: v.nullable(persistedMembershipSchema),
});

export function serializeMembership(record: Membership | null): string {
  const membership: Membership | null = record
    ? {
        _id: record._id,
        id: record.id,
        externalId: record.externalId,
        validTo: record.validTo,
        cancelledAt: record.cancelledAt,
        chargerOrderedAt: record.chargerOrderedAt,
      }
    : null;
  return JSON.stringify({ membership, version: PERSIST_VERSION });
}

/** The persisted membership; missing, unreadable, corrupt or of another version → null. */
export function parsePersistedMembership(raw: string | null): Membership | null {
  if (raw === null || raw === '') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = v.safeParse(persistedEnvelopeSchema, data);
  return result.success ? result.output.membership : null;
}
