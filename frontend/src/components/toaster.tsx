import * as ToastPrimitive from '@radix-ui/react-toast';
import { dismissToast, useActiveToast } from '@/lib/toast';
import './toaster.css';

/** Spec 01 §9: 5 s, swipe right past 50 px to dismiss, F8 focuses the region. */
const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const active = useActiveToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notificação"
    >
      {active && (
        <ToastPrimitive.Root
          // A new key per toast makes Radix restart the timer and announce the replacement.
          key={active.id}
          className="toast"
          data-variant={active.variant ?? 'default'}
          type={active.variant === 'error' ? 'foreground' : 'background'}
          duration={active.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(active.id);
          }}
        >
          <ToastPrimitive.Title className="toast__title">{active.title}</ToastPrimitive.Title>
          {active.description && (
            <ToastPrimitive.Description className="toast__description">{active.description}</ToastPrimitive.Description>
          )}
          <ToastPrimitive.Close className="toast__close" aria-label="Fechar notificação">
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="toast-viewport" hotkey={['F8']} label="Notificações ({hotkey})" />
    </ToastPrimitive.Provider>
  );
}
