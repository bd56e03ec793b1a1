export function AccountPage() {
  return <p>AccountPage</p>;
}
