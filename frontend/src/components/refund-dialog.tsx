import { useState } from 'react';
import { Button, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { refundAdminChargeRoute } from '@domain/api/admin-finance.js';
import type { ResponseOf } from '@domain/api/route.js';
import { saoPauloDay } from '@domain/sao-paulo-calendar.js';
import { WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { toast, toastApiError } from '@/lib/toast';

/** What the server did with the money (the route's own type). */
type Settlement = ResponseOf<typeof refundAdminChargeRoute>['settlement'];

/** A manual refund's record: the money the team returned by bank transfer, the day and the reason. */
export type ManualRefund = { valor: number; data: string; motivo: string };

type RefundDialogProps = {
  /** The button's accessible name, e.g. 'Estornar 20261124-0001'. */
  label: string;
  isDisabled?: boolean;
} & (
  | {
      description: string;
      /** Resolves with the server's answer: a `settlement` Asaas refused is told as such, never as a refund asked. */
      refund: (motivo: string) => Promise<unknown>;
    }
  | {
      /**
       * 'Registrar estorno manual': Asaas would not refund a cancelled contract's payment and the team returned it by
       * bank transfer. `paid` is what was paid: the amount proposed, and the most that may be recorded.
       */
      manual: { protocol: string; paid: number | null; record: (input: ManualRefund) => Promise<unknown> };
    }
);

/**
 * A refund and its dialog, with a required reason (audited, and written on the process's history): 'Estornar' asks
 * Asaas; 'Registrar estorno manual' (`manual`) also takes the amount and the day the team returned the money. The
 * server checks everything again (409 when the charge is not paid).
 */
export function RefundDialog(props: RefundDialogProps) {
  const manual = 'manual' in props ? props.manual : null;
  const today = saoPauloDay(new Date());
  const initialValue = manual?.paid == null ? '' : manual.paid.toFixed(2).replace('.', ',');
  const [value, setValue] = useState(initialValue);
  const [day, setDay] = useState(today);
  const [reason, setReason] = useState('');
  const dialog = useAppDialog(() => {
    setValue(initialValue);
    setDay(today);
    setReason('');
  });
  const [pending, setPending] = useState(false);

  /** The manual record's facts, or the problem to show (checked here with the product's messages, then again). */
  const manualRecord = (): ManualRefund | string => {
    const valor = Number(value.replace(/\./g, '').replace(',', '.'));
    if (!Number.isFinite(valor) || valor <= 0 || (manual?.paid != null && valor > manual.paid)) {
      return WITHDRAWAL_MESSAGES.manualRefundInvalidValue;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > today) return WITHDRAWAL_MESSAGES.manualRefundInvalidDate;
    return { valor, data: day, motivo: reason.trim() };
  };

  const confirm = async () => {
    const record = manual ? manualRecord() : null;
    if (typeof record === 'string') return dialog.setProblem(record);
    // The reason is checked here, with the product's message, not by the browser's own bubble.
    if (reason.trim().length < 3) return dialog.setProblem(WITHDRAWAL_MESSAGES.refundReasonRequired);
    dialog.setProblem(null);
    setPending(true);
    try {
      if (manual && record) {
        await manual.record(record);
        dialog.hide();
        toast({ title: WITHDRAWAL_MESSAGES.manualRefundDone, variant: 'success' });
        return;
      }
      const answer = 'refund' in props ? await props.refund(reason.trim()) : null;
      const { settlement } = (answer ?? {}) as { settlement?: Settlement };
      dialog.hide();
      if (settlement?.outcome === 'refused') {
        toast({
          title: WITHDRAWAL_MESSAGES.refundRefusedTitle,
          description: settlement.reason ?? undefined,
          variant: 'error',
        });
      } else toast({ title: WITHDRAWAL_MESSAGES.refundedToast, variant: 'success' });
    } catch (error) {
      dialog.setProblem(
        toastApiError(
          error,
          manual
            ? 'Não foi possível registrar o estorno. Tente novamente.'
            : 'Não foi possível estornar. Tente novamente.',
        ),
      );
    } finally {
      setPending(false);
    }
  };

  const clearProblem = () => dialog.setProblem(null);
  return (
    <>
      <Button
        size="small"
        variation={manual ? undefined : 'warning'}
        aria-label={props.label}
        isDisabled={props.isDisabled}
        onClick={dialog.show}
      >
        {manual ? WITHDRAWAL_MESSAGES.manualRefundAction : WITHDRAWAL_MESSAGES.refundAction}
      </Button>
      <AppDialog
        {...dialog.props}
        busy={pending}
        title={manual ? WITHDRAWAL_MESSAGES.manualRefundTitle : WITHDRAWAL_MESSAGES.refundDialogTitle}
        description={
          <Text>
            {manual
              ? `${WITHDRAWAL_MESSAGES.manualRefundIntro} Protocolo ${manual.protocol}${manual.paid === null ? '' : `, pagamento de ${formatBRL(manual.paid)}`}.`
              : 'description' in props
                ? props.description
                : null}
          </Text>
        }
        confirmLabel={manual ? WITHDRAWAL_MESSAGES.manualRefundConfirm : WITHDRAWAL_MESSAGES.refundConfirm}
        confirmLoadingText={manual ? 'Registrando...' : 'Estornando...'}
        confirmVariation={manual ? 'primary' : 'destructive'}
        onConfirm={() => void confirm()}
      >
        {manual ? (
          <>
            <TextField
              label={WITHDRAWAL_MESSAGES.manualRefundValue}
              inputMode="decimal"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                clearProblem();
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
                clearProblem();
              }}
              isRequired
            />
          </>
        ) : null}
        <TextAreaField
          label={manual ? WITHDRAWAL_MESSAGES.manualRefundReason : WITHDRAWAL_MESSAGES.refundReasonLabel}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            clearProblem();
          }}
          maxLength={500}
          rows={3}
          isRequired
        />
      </AppDialog>
    </>
  );
}
