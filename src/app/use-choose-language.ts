import type { Language } from '../../machines/shared/domain.ts';
import { useServices } from './services.tsx';

/** What happens when a member picks a language (see language-sync.ts). */
export function useChooseLanguage(): (language: Language) => void {
  return useServices().chooseLanguage;
}
