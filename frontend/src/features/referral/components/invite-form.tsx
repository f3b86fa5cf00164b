import { useState, type FormEvent } from 'react';
import { Button, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { referralInviteSchema } from '@domain/api/referrals.js';
import { REFERRAL_MESSAGES } from '@domain/messages.js';
import { toast, toastError } from '@/lib/toast';
import { useInviteReferral } from '../api/referrals';
import { inviteErrorMessage } from '../lib/referral-errors';

/** The invite-by-e-mail form (spec 02 §5): lower-cased and trimmed; an empty address does nothing. */
export function InviteForm() {
  const invite = useInviteReferral();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending || email.trim() === '') return;
    const parsed = referralInviteSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? REFERRAL_MESSAGES.invalidEmail);
      return;
    }
    setProblem(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setEmail('');
        toast({
          title: REFERRAL_MESSAGES.inviteSent,
          description: REFERRAL_MESSAGES.inviteSentDescription,
          variant: 'success',
        });
      },
      onError: (error) => toastError(inviteErrorMessage(error)),
    });
  };

  return (
    <Card variation="outlined" className="referral-card">
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="small">
          <Heading level={2} fontSize="large">
            Convidar por email
          </Heading>
          <Text color="font.secondary">Enviamos ao seu amigo um email com o seu link de indicação.</Text>
          <Flex className="invite-form__row" gap="small">
            <TextField
              label="Email do amigo"
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="amigo@email.com"
              value={email}
              maxLength={254}
              onChange={(event) => {
                setEmail(event.target.value);
                setProblem(null);
              }}
              hasError={problem !== null}
              errorMessage={problem ?? undefined}
              className="invite-form__field"
            />
            <Button type="submit" variation="primary" isLoading={invite.isPending} loadingText="Enviando...">
              Enviar convite
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
