import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Button, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { ERROR_TITLE, PROFILE_MESSAGES } from '@domain/messages.js';
import { toast } from '@/lib/toast';
import { emailChangeErrorName, requestEmailChange } from '../api/change-email';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The change-email dialog (spec 02 §2, §5, §8), on the browser's own modal <dialog> (focus trap, Esc to close). */
export function ChangeEmailDialog({ currentEmail }: { currentEmail: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  // Shown in the dialog too: while a modal is open, the page behind it (the toast region included) is inert.
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    setEmail('');
    setProblem(null);
  };

  const refuse = (title: string, description: string) => {
    setProblem(description);
    toast({ title, description, variant: 'error' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: this submit must not also submit the profile form around the button.
    event.stopPropagation();
    const next = email.trim().toLowerCase();
    if (!next || next === currentEmail.toLowerCase() || !EMAIL_PATTERN.test(next)) {
      return refuse(PROFILE_MESSAGES.invalidEmail, PROFILE_MESSAGES.newEmailRequired);
    }
    setProblem(null);
    setSending(true);
    try {
      await requestEmailChange(next);
      toast({
        title: PROFILE_MESSAGES.emailConfirmationSent,
        description: PROFILE_MESSAGES.emailConfirmationSentDescription,
        variant: 'success',
      });
      close();
    } catch (error) {
      const name = emailChangeErrorName(error);
      const description =
        name === 'AliasExistsException'
          ? PROFILE_MESSAGES.emailInUse
          : name === 'LimitExceededException' || name === 'TooManyRequestsException'
            ? 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'
            : PROFILE_MESSAGES.emailChangeFailed;
      refuse(ERROR_TITLE, description);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button size="small" alignSelf="flex-start" onClick={() => setOpen(true)}>
        {PROFILE_MESSAGES.changeEmail}
      </Button>
      {/* Portalled: the button sits inside the profile form, and a form cannot contain another form. */}
      {createPortal(
        <dialog ref={dialog} className="app-dialog" aria-labelledby="change-email-title" onClose={close}>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Flex direction="column" gap="medium">
              <Heading level={2} fontSize="large" id="change-email-title">
                {PROFILE_MESSAGES.changeEmail}
              </Heading>
              <Text color="font.secondary">
                Enviaremos um link de confirmação para o novo endereço. Até você confirmar, o email atual continua
                valendo.
              </Text>
              <TextField
                label="Novo email"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                maxLength={254}
                hasError={problem !== null}
                errorMessage={problem ?? undefined}
              />
              <Flex justifyContent="flex-end" gap="small">
                <Button type="button" onClick={close}>
                  Cancelar
                </Button>
                <Button type="submit" variation="primary" isLoading={sending} loadingText="Enviando...">
                  Enviar confirmação
                </Button>
              </Flex>
            </Flex>
          </form>
        </dialog>,
        // Inside Amplify's theme root, so the dialog gets the theme's fonts and colours.
        document.querySelector('[data-amplify-theme]') ?? document.body,
      )}
    </>
  );
}
