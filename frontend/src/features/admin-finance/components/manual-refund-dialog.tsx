import { useState } from 'react';
import { Button, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { saoPauloDay } from '@domain/sao-paulo-calendar.js';
import { WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { toast, toastApiError } from '@/lib/toast';

/**
 * 'Registrar estorno manual': when Asaas would not refund a cancelled contract's payment and the team returned it by
 * bank transfer, the amount, the day and the reason are recorded (audited). The server checks everything again.
 */
export function ManualRefundDialog({
  protocol,
  paid,
  record,
}: {
  protocol: string;
  /** What was paid: the amount proposed, and the most that may be recorded. */
  paid: number | null;
  record: (input: { valor: number; data: string; motivo: string }) => Promise<unknown>;
}) {
  const today = saoPauloDay(new Date());
  const initialValue = paid === null ? '' : paid.toFixed(2).replace('.', ',');
  const [value, setValue] = useState(initialValue);
  const [day, setDay] = useState(today);
  const [reason, setReason] = useState('');
  const dialog = useAppDialog(() => {
    setValue(initialValue);
    setDay(today);
    setReason('');
  });
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    const valor = Number(value.replace(/\./g, '').replace(',', '.'));
    if (!Number.isFinite(valor) || valor <= 0 || (paid !== null && valor > paid)) {
      return dialog.setProblem(WITHDRAWAL_MESSAGES.manualRefundInvalidValue);
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > today) {
      return dialog.setProblem(WITHDRAWAL_MESSAGES.manualRefundInvalidDate);
    }
    if (reason.trim().length < 3) return dialog.setProblem(WITHDRAWAL_MESSAGES.refundReasonRequired);
    dialog.setProblem(null);
    setPending(true);
    try {
      await record({ valor, data: day, motivo: reason.trim() });
      dialog.hide();
      toast({ title: WITHDRAWAL_MESSAGES.manualRefundDone, variant: 'success' });
    } catch (error) {
      dialog.setProblem(toastApiError(error, 'Não foi possível registrar o estorno. Tente novamente.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="small" aria-label={`${WITHDRAWAL_MESSAGES.manualRefundAction} ${protocol}`} onClick={dialog.show}>
        {WITHDRAWAL_MESSAGES.manualRefundAction}
      </Button>
      <AppDialog
        {...dialog.props}
        busy={pending}
        title={WITHDRAWAL_MESSAGES.manualRefundTitle}
        description={
          <Text>
            {WITHDRAWAL_MESSAGES.manualRefundIntro} Protocolo {protocol}
            {paid === null ? '' : `, pagamento de ${formatBRL(paid)}`}.
          </Text>
        }
        confirmLabel={WITHDRAWAL_MESSAGES.manualRefundConfirm}
        confirmLoadingText="Registrando..."
        onConfirm={() => void confirm()}
      >
        <TextField
          label={WITHDRAWAL_MESSAGES.manualRefundValue}
          inputMode="decimal"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            dialog.setProblem(null);
          }}
          isRequired
        />
        <TextField
          label={WITHDRAWAL_MESSAGES.manualRefundDate}
          type="date"
          max={today}
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            dialog.setProblem(null);
          }}
          isRequired
        />
        <TextAreaField
          label={WITHDRAWAL_MESSAGES.manualRefundReason}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            dialog.setProblem(null);
          }}
          maxLength={500}
          rows={3}
          isRequired
        />
      </AppDialog>
    </>
  );
}
