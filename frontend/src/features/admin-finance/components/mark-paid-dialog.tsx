import { useState } from 'react';
import { Button, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { MarkPaidBody } from '@domain/api/admin-finance.js';
import { saoPauloDay } from '@domain/sao-paulo-calendar.js';
import { ADMIN_PROCESS_MESSAGES as M } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { ApiRequestError, failureWithReason } from '@/lib/api-error';
import { toast, toastError } from '@/lib/toast';

/**
 * 'Marcar pago' with its confirmation (docs/decisions.md, 'Marcar pago' with its evidence): what it sets off (the
 * process 'Pago', the filing deadline, the customer's e-mail), the amount received (the charge's value, proposed), the
 * day and how the money arrived. The server checks everything again; its refusals show under their fields.
 */
export function MarkPaidDialog({
  protocol,
  due,
  isDisabled,
  record,
}: {
  protocol: string;
  /** The charge's value: proposed, and the only amount the server takes. */
  due: number | null;
  isDisabled: boolean;
  record: (input: MarkPaidBody) => Promise<unknown>;
}) {
  const today = saoPauloDay(new Date());
  const initialValue = due === null ? '' : due.toFixed(2).replace('.', ',');
  const [value, setValue] = useState(initialValue);
  const [day, setDay] = useState(today);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof MarkPaidBody, string>>>({});
  const [pending, setPending] = useState(false);
  const dialog = useAppDialog(() => {
    setValue(initialValue);
    setDay(today);
    setReason('');
    setErrors({});
  });

  const confirm = async () => {
    const valor = Number(value.replace(/\./g, '').replace(',', '.'));
    const found: typeof errors = {};
    if (!Number.isFinite(valor) || valor <= 0) found.valor = M.markPaidInvalidValue;
    else if (due !== null && Math.round(valor * 100) !== Math.round(due * 100)) {
      found.valor = M.markPaidValueMismatch(formatBRL(due));
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > today) found.data = M.markPaidInvalidDate;
    if (reason.trim().length < 3) found.motivo = M.markPaidReasonRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    dialog.setProblem(null);
    setPending(true);
    try {
      await record({ valor, data: day, motivo: reason.trim() });
      dialog.hide();
      toast({ title: M.chargeUpdated, description: `${protocol}: pagamento manual registrado.`, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
      const message = failureWithReason(M.markPaidFailed, error);
      dialog.setProblem(message);
      toastError(message);
    } finally {
      setPending(false);
    }
  };

  const field = (name: keyof MarkPaidBody, set: (value: string) => void) => ({
    onChange: (event: { target: { value: string } }) => {
      set(event.target.value);
      setErrors(({ [name]: _fixed, ...others }) => others);
    },
    hasError: Boolean(errors[name]),
    errorMessage: errors[name],
  });

  return (
    <>
      <Button size="small" aria-label={`Marcar pago ${protocol}`} isDisabled={isDisabled} onClick={dialog.show}>
        Marcar pago
      </Button>
      <AppDialog
        {...dialog.props}
        busy={pending}
        title={M.markPaidTitle}
        description={
          <Text>
            Protocolo <strong>{protocol}</strong>. {M.markPaidIntro}
          </Text>
        }
        confirmLabel={M.markPaidConfirm}
        confirmLoadingText={M.markPaidSaving}
        onConfirm={() => void confirm()}
      >
        <TextField label={M.markPaidValue} inputMode="decimal" value={value} isRequired {...field('valor', setValue)} />
        <TextField label={M.markPaidDate} type="date" max={today} value={day} isRequired {...field('data', setDay)} />
        <TextAreaField
          label={M.markPaidReason}
          descriptiveText="Ex.: transferência bancária identificada no extrato."
          value={reason}
          maxLength={500}
          rows={3}
          isRequired
          {...field('motivo', setReason)}
        />
      </AppDialog>
    </>
  );
}
