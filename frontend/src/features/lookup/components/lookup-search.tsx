import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LookupEntry, LookupResult } from '@domain/lookup.js';
import { maskLookupInput } from '@domain/lookup-input.js';
import { LOOKUP_MESSAGES } from '@domain/messages.js';
import type * as LookupActions from '../api/lookup-actions';
import { LookupResultCard } from './lookup-result-card';
import '../lookup.css';

type Actions = typeof LookupActions;

type LookupState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'found'; result: LookupResult }
  | { kind: 'not-found' }
  | { kind: 'failed'; message: string };

let actionsModule: Promise<Actions> | null = null;
/** The calls, the dialog and the toasts arrive with the first search, not with the page. */
function loadActions(): Promise<Actions> {
  actionsModule ??= import('../api/lookup-actions');
  return actionsModule;
}

/**
 * CPF and CNPJ get their punctuation as they are typed. Only while typing at the end: reformatting an edit in the middle
 * would throw the caret to the end under the person's finger.
 */
function maskAsTyped(input: HTMLInputElement) {
  if (input.selectionStart !== input.value.length) return;
  const masked = maskLookupInput(input.value);
  if (masked !== input.value) input.value = masked;
}

/**
 * The interactive part of /consultar (spec 01 §2 "Public lookup"): the search form, the result cards and the Nada Consta
 * dialog. On the prerendered page it is an island (app/islands.ts), the only React the page loads, and only once the
 * visitor reaches for the form.
 */
export function LookupSearch() {
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<{ title?: string; message: string } | null>(null);
  const [state, setState] = useState<LookupState>({ kind: 'idle' });
  const [actions, setActions] = useState<Actions | null>(null);
  const [nadaConstaFor, setNadaConstaFor] = useState<LookupEntry | null>(null);

  // What was typed before the island came alive gets the mask it would have had.
  useEffect(() => {
    if (input.current?.value) maskAsTyped(input.current);
  }, []);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const consulta = (input.current?.value ?? '').trim();
    if (!consulta) {
      setFieldError({ title: LOOKUP_MESSAGES.requiredTitle, message: LOOKUP_MESSAGES.requiredDescription });
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setState({ kind: 'loading' });
    try {
      const loaded = await loadActions();
      setActions(loaded);
      const result = await loaded.lookupProcess(consulta);
      setState(result.found && result.processos.length > 0 ? { kind: 'found', result } : { kind: 'not-found' });
    } catch (error) {
      const { fieldMessage, message } = describeFailure(error);
      if (fieldMessage) {
        setFieldError({ message: fieldMessage });
        setState({ kind: 'idle' });
        input.current?.focus();
      } else setState({ kind: 'failed', message });
    }
  }

  const busy = state.kind === 'loading';
  return (
    <>
      <form className="card lookup__form" onSubmit={search} noValidate role="search" aria-label="Consulta de processo">
        <label htmlFor={inputId} className="lookup__label">
          CPF, CNPJ ou protocolo
        </label>
        <div className="lookup__row">
          <input
            id={inputId}
            ref={input}
            name="consulta"
            className="lookup__input"
            type="text"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            placeholder="000.000.000-00, 00.000.000/0000-00 ou LM…"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => {
              if (fieldError) setFieldError(null);
              maskAsTyped(event.currentTarget);
            }}
          />
          <button type="submit" className="btn btn--primary lookup__submit" disabled={busy}>
            {busy ? 'Consultando…' : 'Consultar'}
          </button>
        </div>
        {fieldError && (
          <p id={errorId} className="lookup__field-error" role="alert">
            {fieldError.title && <strong>{fieldError.title}: </strong>}
            {fieldError.message}
          </p>
        )}
        <p className="lookup__privacy">Por privacidade (LGPD), mostramos apenas dados parciais do titular.</p>
      </form>

      <section aria-live="polite" aria-busy={busy} className="lookup__results">
        {state.kind === 'loading' && <p className="lookup__loading">Consultando…</p>}
        {state.kind === 'not-found' && (
          <div className="card lookup__message" role="status">
            <h2 className="lookup__message-title">{LOOKUP_MESSAGES.notFoundTitle}</h2>
            <p>{LOOKUP_MESSAGES.notFoundDescription}</p>
            <p className="lookup__hint">{LOOKUP_MESSAGES.notFoundHint}</p>
          </div>
        )}
        {state.kind === 'failed' && (
          <div className="card lookup__message lookup__message--error" role="alert">
            <h2 className="lookup__message-title">{LOOKUP_MESSAGES.failureTitle}</h2>
            <p>{state.message}</p>
          </div>
        )}
        {state.kind === 'found' && (
          <>
            <h2 className="visually-hidden">Resultado da consulta</h2>
            <ul className="lookup__list">
              {state.result.processos.map((entry) => (
                <li key={entry.id}>
                  <LookupResultCard entry={entry} onNadaConsta={() => setNadaConstaFor(entry)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {actions && (
        <>
          <actions.NadaConstaDialog
            entry={nadaConstaFor}
            onClose={() => setNadaConstaFor(null)}
            issue={actions.issueNadaConsta}
            toast={actions.toast}
          />
          <actions.Toaster />
        </>
      )}
    </>
  );
}

/** A 400 names the field; a 429 says to wait; anything else is the spec's lookup failure. */
function describeFailure(error: unknown): { fieldMessage?: string; message: string } {
  const failure = error as { status?: number; fields?: Record<string, string>; message?: string };
  if (failure.status === 400) {
    const fieldMessage = failure.fields?.consulta ?? failure.message ?? LOOKUP_MESSAGES.requiredDescription;
    return { fieldMessage, message: fieldMessage };
  }
  if (failure.status === 429 && failure.message) return { message: failure.message };
  return { message: LOOKUP_MESSAGES.failureDescription };
}
