export function ResetPasswordSuccessPage() {
  return <p>ResetPasswordSuccessPage</p>;
}
