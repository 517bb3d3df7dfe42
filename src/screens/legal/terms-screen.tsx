import { LegalPage } from './legal-page.tsx';

/** /terms: the terms of membership. */
export function TermsScreen() {
  return <LegalPage doc="terms" />;
}
