/**
 * The app entry's first paint while its first lazy screen loads. Plain markup and public.css only: Amplify UI's styles
 * are not loaded yet.
 */
export function AppLoading() {
  return (
    <div className="app-loading" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      Carregando...
    </div>
  );
}
