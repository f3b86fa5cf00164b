import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Flex, Heading } from '@aws-amplify/ui-react';

type AppDialogProps = {
  /** Shown as a modal while true; set it false to close (the close event then calls `onClose`). */
  open: boolean;
  /** Every way out — Esc, 'Cancelar', `open` turned false — ends here, once, after the page is interactive again. */
  onClose: () => void;
  title: string;
  /** What the dialog asks about; the dialog's accessible description. */
  description: ReactNode;
  /** Fields between the description and the buttons. */
  children?: ReactNode;
  /** Shown inside the dialog: while a modal is open, the page behind it (the toast region included) is inert. */
  problem?: string | null;
  /** While true, the confirmation shows its loading text and nothing closes the dialog. */
  busy?: boolean;
  cancelLabel?: string;
  confirmLabel: string;
  confirmLoadingText: string;
  confirmVariation?: 'primary' | 'destructive';
  onConfirm: () => void;
  className?: string;
};

/**
 * The app's confirmation dialog, on the browser's modal <dialog>: it traps focus, Esc closes it, and focus returns to
 * what opened it. A form, so Enter in a field confirms; the form's own checks are the screen's (noValidate), in the
 * product's words. Portalled into Amplify's theme root, so the dialog gets the theme's fonts and colours — and so a
 * trigger inside another form (the profile's 'Alterar email') does not nest one form in another.
 */
export function AppDialog({
  open,
  onClose,
  title,
  description,
  children,
  problem,
  busy = false,
  cancelLabel = 'Cancelar',
  confirmLabel,
  confirmLoadingText,
  confirmVariation = 'primary',
  onConfirm,
  className,
}: AppDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: this submit must not also submit a form around the trigger.
    event.stopPropagation();
    onConfirm();
  };

  return createPortal(
    <dialog
      ref={dialog}
      className={className ? `app-dialog ${className}` : 'app-dialog'}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="medium">
          <Heading level={2} fontSize="large" id={`${id}-title`}>
            {title}
          </Heading>
          <Flex direction="column" gap="xs" id={`${id}-text`}>
            {description}
          </Flex>
          {children}
          {problem ? (
            <Alert variation="error" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Flex className="app-dialog__actions" justifyContent="flex-end" gap="small" wrap="wrap">
            <Button type="button" onClick={() => dialog.current?.close()} isDisabled={busy}>
              {cancelLabel}
            </Button>
            <Button type="submit" variation={confirmVariation} isLoading={busy} loadingText={confirmLoadingText}>
              {confirmLabel}
            </Button>
          </Flex>
        </Flex>
      </form>
    </dialog>,
    document.querySelector('[data-amplify-theme]') ?? document.body,
  );
}

/**
 * The state of a dialog opened by a button: whether it is open and the problem it shows. `props` goes on AppDialog;
 * closing it, by any way out, forgets the problem and calls `onReset` (a typed field goes back to empty).
 */
export function useAppDialog(onReset?: () => void) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    show: () => setOpen(true),
    hide: () => setOpen(false),
    setProblem,
    props: {
      open,
      problem,
      onClose: () => {
        setOpen(false);
        setProblem(null);
        onReset?.();
      },
    },
  };
}
