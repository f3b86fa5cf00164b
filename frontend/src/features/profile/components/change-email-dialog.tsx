import { useState } from 'react';
import { Button, Text, TextField } from '@aws-amplify/ui-react';
import { ERROR_TITLE, PROFILE_MESSAGES } from '@domain/messages.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { toast } from '@/lib/toast';
import { emailChangeErrorName, requestEmailChange } from '../api/change-email';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The change-email dialog (spec 02 §2, §5, §8). Its trigger sits inside the profile form; the dialog is portalled. */
export function ChangeEmailDialog({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState('');
  const dialog = useAppDialog(() => setEmail(''));
  const [sending, setSending] = useState(false);
  // The problem is the field's own error here, not the dialog's alert.
  const problem = dialog.props.problem;

  const refuse = (title: string, description: string) => {
    dialog.setProblem(description);
    toast({ title, description, variant: 'error' });
  };

  const submit = async () => {
    const next = email.trim().toLowerCase();
    if (!next || next === currentEmail.toLowerCase() || !EMAIL_PATTERN.test(next)) {
      return refuse(PROFILE_MESSAGES.invalidEmail, PROFILE_MESSAGES.newEmailRequired);
    }
    dialog.setProblem(null);
    setSending(true);
    try {
      await requestEmailChange(next);
      toast({
        title: PROFILE_MESSAGES.emailConfirmationSent,
        description: PROFILE_MESSAGES.emailConfirmationSentDescription,
        variant: 'success',
      });
      dialog.hide();
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
      <Button size="small" alignSelf="flex-start" onClick={dialog.show}>
        {PROFILE_MESSAGES.changeEmail}
      </Button>
      <AppDialog
        {...dialog.props}
        problem={null}
        busy={sending}
        title={PROFILE_MESSAGES.changeEmail}
        description={
          <Text color="font.secondary">
            Enviaremos um link de confirmação para o novo endereço. Até você confirmar, o email atual continua valendo.
          </Text>
        }
        confirmLabel="Enviar confirmação"
        confirmLoadingText="Enviando..."
        onConfirm={() => void submit()}
      >
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
      </AppDialog>
    </>
  );
}
