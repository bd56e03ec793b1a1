export function RouteErrorBoundary({ error }: { error: unknown }) {
  return <p role="alert">{error instanceof Error ? error.message : String(error)}</p>;
}
