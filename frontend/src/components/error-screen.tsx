import { SHELL_MESSAGES } from '@domain/messages.js';

type ErrorScreenProps = { error: unknown; onRetry: () => void };

/** Spec 01 §2 "Error screen": what users see when rendering fails. Plain HTML, so it works on every page. */
export function ErrorScreen({ error, onRetry }: ErrorScreenProps) {
  const details = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="error-screen">
      <div className="card error-screen__card">
        <h1 className="error-screen__title">{SHELL_MESSAGES.renderErrorTitle}</h1>
        <p>{SHELL_MESSAGES.renderErrorDescription}</p>
        <details className="error-details">
          <summary>{SHELL_MESSAGES.technicalDetails}</summary>
          <pre className="error-details__message">{details}</pre>
        </details>
        <div className="error-screen__actions">
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            {SHELL_MESSAGES.tryAgain}
          </button>
          <button type="button" className="btn btn--outline" onClick={() => window.location.reload()}>
            {SHELL_MESSAGES.reloadPage}
          </button>
        </div>
      </div>
    </div>
  );
}
