import { useCallback } from 'react';
import type { Language } from '../../machines/shared/domain.ts';

/**
 * What happens when a member picks a language: i18next has already switched
 * and cached it locally; saving it to the profile comes with issue 7.
 */
export function useChooseLanguage(): (language: Language) => void {
  return useCallback((_language: Language) => {}, []);
}
