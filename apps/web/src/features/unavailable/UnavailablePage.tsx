export function UnavailablePage() {
  return <p>UnavailablePage</p>;
}
