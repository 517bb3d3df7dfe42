import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deriveMembership } from '../../../machines/membership/derive-membership.ts';
import { isLoading, selectRecord } from '../../../machines/membership/membership.selectors.ts';
import { isServingStaleCopy } from '../../../machines/membership/stale-copy.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { calendarDayOf } from '../../../machines/shared/calendar-day.ts';
import { hasBillingAddress, type Membership } from '../../../machines/shared/domain.ts';
import { useMembership, useServices } from '../../app/services.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { sectionTitleOf } from '../../components/use-keep-focus.ts';
import { useNow } from '../../components/use-now.ts';

/**
 * Spec 2: dates in Canadian English, year-month-day (kept in French too), as
 * the member's calendar day, the one the checkout's renewal note and the
 * membership flags count in: '2027-06-10T02:00:00Z' is 2027-06-09 in
 * Vancouver; a date-only '2027-06-10' is that day everywhere. Absent or
 * invalid → null. Read from the Date's fields, not Intl.DateTimeFormat, whose
 * first use on a page loads the browser's date data (over 100 ms of blocked
 * main thread on a slow phone).
 */
export function formatMembershipDate(value: string | null | undefined): string | null {
  const date = value ? calendarDayOf(value) : null;
  if (date === null) return null;
  const year = date.getFullYear();
  if (Number.isNaN(year) || year < 0 || year > 9999) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * The store's charger collection for this membership, built from the
 * membership's `_id` and `id` (spec 2); null unless both exist.
 */
export function orderChargerUrl(
  storeUrl: string,
  record: Pick<Membership, '_id' | 'id'> | null | undefined,
): string | null {
  if (!record?._id || !record.id) return null;
  const base = storeUrl.replace(/\/+$/, '');
  return `${base}/collections/charger?membership=${encodeURIComponent(record._id)}&member=${encodeURIComponent(record.id)}`;
}

export interface DashboardScreenProps {
  /** The current time, for the membership flags (tests pass a fixed one). */
  now?: () => number;
}

/** /dashboard (spec 2): the membership card, the charger card and the club balance. */
export function DashboardScreen({ now = Date.now }: DashboardScreenProps = {}) {
  const { t } = useTranslation(['member', 'common']);
  const { session } = useServices();
  const membership = useMembership();
  const record = useSelector(membership, selectRecord);
  const loading = useSelector(membership, isLoading);
  const firstName = useSelector(session, (s) => selectUser(s).firstName);

  return (
    <div className="dashboard">
      <h1>{t('member:dashboard.title')}</h1>
      {firstName ? (
        <p className="member-page__lead">{t('member:dashboard.welcome', { name: firstName })}</p>
      ) : null}
      <div className="dashboard__columns">
        <div className="dashboard__main">
          {record ? (
            <MembershipCards record={record} now={now} />
          ) : loading ? (
            <p className="card dashboard__loading" role="status">
              <Spinner size="sm" /> <span>{t('member:dashboard.loading')}</span>
            </p>
          ) : (
            <section className="card dashboard-card">
              <p>{t('member:dashboard.noMembership')}</p>
              <Link to="/activation" className="button button--primary">
                {t('member:dashboard.activateLink')}
              </Link>
            </section>
          )}
        </div>
        <div className="dashboard__side">
          <section
            className="card dashboard-card dashboard-balance"
            aria-labelledby="balance-title"
          >
            <h2 id="balance-title">{t('member:dashboard.balance.title')}</h2>
            {/* Spec 9: a placeholder fixed at $0.00, so a text of the translations, not
                a number formatted here: the first Intl.NumberFormat on a page loads the
                browser's number data (130 to 220 ms of blocked main thread at 4× CPU). */}
            <p className="dashboard-balance__amount">{t('member:dashboard.balance.amount')}</p>
            <p className="dashboard-balance__empty">{t('member:dashboard.balance.noData')}</p>
          </section>
        </div>
      </div>
    </div>
  );
}

/**
 * Says when the membership shown is a copy whose reload failed (kept from an
 * earlier visit, or from an earlier load): it may be out of date, a lapsed
 * membership still reading Active. Try again loads it again; once a load
 * succeeds the notice says so, and the focus, left on the page by Try again
 * going away, goes to the card's title.
 */
function StaleNotice() {
  const { t } = useTranslation(['member', 'common']);
  const membership = useMembership();
  const stale = useSelector(membership, isServingStaleCopy);
  const loading = useSelector(membership, isLoading);
  const [retried, setRetried] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (stale || !retried || !notice.current || document.activeElement !== document.body) return;
    sectionTitleOf(notice.current)?.focus();
  }, [stale, retried]);
  const text = stale ? 'stale' : retried ? 'refreshed' : null;
  return (
    <div ref={notice} className={text ? 'dashboard-card__action' : undefined}>
      <p
        role="status"
        className={text ? `form-alert form-alert--${stale ? 'info' : 'success'}` : undefined}
      >
        {text ? t(`member:dashboard.${text}`) : null}
      </p>
      {stale ? (
        <SubmitButton
          type="button"
          variant="secondary"
          busy={loading}
          busyLabel={t('member:dashboard.loading')}
          onClick={() => {
            setRetried(true);
            membership.send({ type: 'membership.refetch' });
          }}
        >
          {t('common:errors.retry')}
        </SubmitButton>
      ) : null}
    </div>
  );
}

function MembershipCards({ record, now }: { record: Membership; now: () => number }) {
  const { t } = useTranslation(['member', 'common']);
  const { config } = useServices();
  const navigate = useNavigate();
  // The tab may stay open past the membership's end or midnight: the card follows the clock.
  const flags = deriveMembership(record, useNow(now));
  const validTo = formatMembershipDate(record.validTo);
  const cancelledAt = formatMembershipDate(record.cancelledAt);

  const orderCharger = () => {
    const url = orderChargerUrl(config.storeUrl, record);
    if (url) window.open(url, '_blank', 'noopener');
  };

  return (
    <>
      <section className="card dashboard-card" aria-labelledby="membership-title">
        <h2 id="membership-title">{t('member:dashboard.membership.title')}</h2>
        <StaleNotice />
        <dl className="dashboard-card__facts">
          <div>
            <dt>{t('member:dashboard.membership.id')}</dt>
            <dd className="dashboard-card__id">{record.id.toUpperCase()}</dd>
          </div>
          <div>
            <dt>{t('member:dashboard.membership.status')}</dt>
            <dd>
              <span className={flags.isActive ? 'badge' : 'badge badge--inactive'}>
                {flags.isActive
                  ? t('member:dashboard.membership.active')
                  : t('member:dashboard.membership.inactive')}
              </span>
            </dd>
          </div>
          {flags.isActive && validTo ? (
            <DateFact term={t('member:dashboard.membership.validTo')} date={validTo} />
          ) : null}
          {flags.isCancelled && cancelledAt ? (
            <DateFact term={t('member:dashboard.membership.cancelledAt')} date={cancelledAt} />
          ) : null}
        </dl>
        {flags.isActive ? (
          <CompleteMembership />
        ) : (
          <div className="dashboard-card__action">
            {/* A cancelled membership has no charger card to order from (spec 2). */}
            <p>
              {t(
                flags.isCancelled
                  ? 'member:dashboard.membership.cancelledText'
                  : 'member:dashboard.membership.inactiveText',
              )}
            </p>
            {/* To /subscription, as spec 2 says: its guard sends an inactive member on to /activation (docs/product.md, "Dashboard"). */}
            <button
              type="button"
              className="button button--primary"
              onClick={() => void navigate({ to: '/subscription' })}
            >
              {t('member:dashboard.membership.activate')}
            </button>
          </div>
        )}
      </section>
      {flags.isCancelled ? null : (
        <section className="card dashboard-card" aria-labelledby="charger-title">
          <h2 id="charger-title">{t('member:dashboard.charger.title')}</h2>
          {flags.hasOrdered ? (
            <p>{t('member:dashboard.charger.ordered')}</p>
          ) : (
            <>
              <p>{t('member:dashboard.charger.description')}</p>
              <div className="dashboard-card__action">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={!flags.isActive}
                  aria-describedby={flags.isActive ? undefined : 'charger-needs-active'}
                  onClick={orderCharger}
                >
                  {t('member:dashboard.charger.order')}{' '}
                  <span className="visually-hidden">{t('common:a11y.opensInNewTab')}</span>
                </button>
                {flags.isActive ? null : (
                  <p id="charger-needs-active" className="field__hint">
                    {t('member:dashboard.charger.orderNeedsActive')}
                  </p>
                )}
              </div>
            </>
          )}
        </section>
      )}
    </>
  );
}

/**
 * An active membership without a billing address: the member left the
 * journey after activating (Back from /billing, say), so no card pays the
 * yearly fee either. The way back to /billing, whose Finish leads on to the card.
 */
function CompleteMembership() {
  const { t } = useTranslation('member');
  const { session } = useServices();
  const incomplete = useSelector(session, (s) => !hasBillingAddress(selectUser(s)));
  if (!incomplete) return null;
  return (
    <div className="dashboard-card__action">
      <p>{t('dashboard.membership.incomplete')}</p>
      <Link to="/billing" className="button button--primary">
        {t('dashboard.membership.complete')}
      </Link>
    </div>
  );
}

/** A fact that is a date: its term, the date as a <time>. */
function DateFact({ term, date }: { term: string; date: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        <time dateTime={date}>{date}</time>
      </dd>
    </div>
  );
}
