import { LegalPage } from './legal-page.tsx';

/** /policy: the privacy policy. */
export function PolicyScreen() {
  return <LegalPage doc="policy" />;
}
