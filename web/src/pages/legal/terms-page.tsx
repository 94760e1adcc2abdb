import { LegalDocumentPage } from './legal-document.tsx';

export default function TermsPage() {
  return <LegalDocumentPage kind="terms" />;
}
