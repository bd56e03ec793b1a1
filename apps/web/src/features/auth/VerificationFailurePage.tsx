export function VerificationFailurePage() {
  return <p>VerificationFailurePage</p>;
}
