import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isLanguageSaved,
  isLanguageSaving,
  isNotificationsSaved,
  isNotificationsSaving,
  selectNotificationsOn,
  selectShownLanguage,
} from '../../../machines/account/account.selectors.ts';
import { preferencesMachine } from '../../../machines/account/preferences.machine.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { languageChoiceOf } from '../../app/language-choice.ts';
import { useServices } from '../../app/services.tsx';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { currentLanguage, LANGUAGES } from '../../i18n/i18n.ts';
import { useErrorText } from '../../i18n/translate.ts';
import { AccountSection } from './account-section.tsx';

/**
 * The language and the notification preference: one machine, two independent
 * regions, each saved as soon as it is chosen.
 */
export function PreferencesSections() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const { keyText } = useErrorText();
  const { session, storage } = useServices();
  const user = useSelector(session, selectUser);
  const [snapshot, send] = useFlow(preferencesMachine, 'preferences', {
    input: { language: user.language, disableNotifications: user.disableNotifications ?? false },
  });

  // The profile may change elsewhere (the header's chooser saves the language too).
  const language = user.language;
  const disableNotifications = user.disableNotifications ?? false;
  useEffect(() => {
    send({ type: 'preferences.userChanged', language, disableNotifications });
  }, [send, language, disableNotifications]);

  // A language this member picked on this device that the profile could not take (the
  // header's save failed: offline, a 5xx) is saved from here: the section then says whether
  // the profile has it, instead of ticking the other language on a page in this one.
  useEffect(() => {
    const kept = languageChoiceOf(storage, user._id);
    if (kept && kept !== user.language) send({ type: 'language.choose', language: kept });
  }, [storage, send, user._id, user.language]);

  const shownLanguage = selectShownLanguage(snapshot);
  const languageSaving = isLanguageSaving(snapshot);

  // The header's chooser switched the interface while a save was on its way: the latest
  // choice, so it is the one saved next (the older save then no longer switches back).
  useEffect(() => {
    if (!languageSaving) return;
    const followHeader = () => {
      const language = currentLanguage(i18n);
      if (language !== shownLanguage) send({ type: 'language.choose', language });
    };
    i18n.on('languageChanged', followHeader);
    return () => i18n.off('languageChanged', followHeader);
  }, [i18n, send, languageSaving, shownLanguage]);
  const notificationsOn = selectNotificationsOn(snapshot);
  const notificationsSaving = isNotificationsSaving(snapshot);
  const languageErrorKey = snapshot.context.language.errorKey;
  const notificationsErrorKey = snapshot.context.disableNotifications.errorKey;

  // 'Saved' is said once, in the language saved: not before the interface has switched
  // to it ('Language saved.', then 'Langue enregistrée.' was announced twice).
  const languageStatus = languageSaving
    ? t('account:language.saving')
    : isLanguageSaved(snapshot) && currentLanguage(i18n) === shownLanguage
      ? t('account:language.saved')
      : null;
  const notificationsStatus = notificationsSaving
    ? t('account:notifications.saving')
    : isNotificationsSaved(snapshot)
      ? notificationsOn
        ? t('account:notifications.on')
        : t('account:notifications.off')
      : null;

  return (
    <>
      <AccountSection name="language">
        <fieldset className="account__choices" aria-busy={languageSaving || undefined}>
          <legend className="field__label">{t('account:language.legend')}</legend>
          {LANGUAGES.map((option) => (
            <label key={option} className="account__choice">
              <input
                type="radio"
                name="account-language"
                value={option}
                checked={shownLanguage === option}
                onChange={() => send({ type: 'language.choose', language: option })}
              />
              <span lang={option}>{t(`account:language.${option}`)}</span>
            </label>
          ))}
        </fieldset>
        <FormAlert>{languageErrorKey ? keyText(languageErrorKey) : null}</FormAlert>
        <FormAlert tone={languageSaving ? 'info' : 'success'}>{languageStatus}</FormAlert>
      </AccountSection>

      <AccountSection name="notifications">
        <div className="switch-row">
          <span className="field__label" id="account-notifications-label">
            {t('account:notifications.label')}
          </span>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={notificationsOn}
            aria-labelledby="account-notifications-label"
            aria-describedby="account-notifications-hint"
            aria-busy={notificationsSaving || undefined}
            onClick={() => send({ type: 'notifications.toggle' })}
          >
            <span className="switch__thumb" />
          </button>
        </div>
        <p className="field__hint" id="account-notifications-hint">
          {t('account:notifications.hint')}
        </p>
        <FormAlert>{notificationsErrorKey ? keyText(notificationsErrorKey) : null}</FormAlert>
        <FormAlert tone={notificationsSaving ? 'info' : 'success'}>{notificationsStatus}</FormAlert>
      </AccountSection>
    </>
  );
}
