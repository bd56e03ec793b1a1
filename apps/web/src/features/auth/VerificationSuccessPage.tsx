export function VerificationSuccessPage() {
  return <p>VerificationSuccessPage</p>;
}
