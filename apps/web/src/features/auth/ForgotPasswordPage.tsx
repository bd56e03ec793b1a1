export function ForgotPasswordPage() {
  return <p>ForgotPasswordPage</p>;
}
