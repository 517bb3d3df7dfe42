import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services.tsx';

/**
 * Says so when the browser blocks storage: the member stays signed in in this tab only. The
 * status region is always there (empty and boxless while storage works), so a block found later,
 * on the first token written, is announced.
 */
export function StorageNotice() {
  const { t } = useTranslation('common');
  const { storage } = useServices();
  const persistent = useSyncExternalStore(storage.subscribe, storage.isPersistent);
  return (
    <div className="form-alert form-alert--info storage-notice" role="status">
      {persistent ? null : t('errors.storageBlocked')}
    </div>
  );
}
