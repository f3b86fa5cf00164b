import { useSyncExternalStore } from 'react';
import { ERROR_TITLE } from '@domain/messages.js';
import { apiErrorMessage } from './api-error';

export type ToastVariant = 'default' | 'success' | 'error';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number };
export type ActiveToast = ToastInput & { id: number };

/**
 * Spec 01 §9 allows one toast at a time, so the store holds a single slot: a new toast replaces
 * the visible one. A module store (not context) lets mutation callbacks toast outside components.
 */
let active: ActiveToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function toast(input: ToastInput): number {
  active = { ...input, id: nextId++ };
  emit();
  return active.id;
}

/** Closes the given toast, or whichever is visible; a stale id does not close a newer toast. */
export function dismissToast(id?: number): void {
  if (!active || (id !== undefined && active.id !== id)) return;
  active = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getActiveToast(): ActiveToast | null {
  return active;
}

export function useActiveToast(): ActiveToast | null {
  return useSyncExternalStore(subscribe, getActiveToast, () => null);
}

/** Every error toast carries the spec's title 'Erro' (spec 01 §8). */
export function toastError(description: string): number {
  return toast({ title: ERROR_TITLE, description, variant: 'error' });
}

/**
 * The error toast of a failed API call (apiErrorMessage: the server's words for a refusal, `fallback` otherwise), under
 * 'Erro' or the screen's own title. Returns the words, for a dialog that shows them inside too: while a modal is open,
 * the page behind it (the toast region included) is inert.
 */
export function toastApiError(error: unknown, fallback: string, title: string = ERROR_TITLE): string {
  const description = apiErrorMessage(error, fallback);
  toast({ title, description, variant: 'error' });
  return description;
}
